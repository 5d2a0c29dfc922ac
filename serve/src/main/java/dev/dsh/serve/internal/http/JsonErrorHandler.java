package dev.dsh.serve.internal.http;

import java.util.Locale;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own errors (an unknown path, a method a path does not serve, a body or headers over
 * their cap, a malformed request) as JSON with a fixed message per status: never the exception's
 * text, the URI or a stack trace. Each carries the security headers, which the connector's own
 * errors get only here.
 */
public final class JsonErrorHandler extends ErrorHandler {

  @Override
  protected void generateResponse(Request request, Response response, int status,
      String message, Throwable cause, Callback callback) {
    response.getHeaders().remove(HttpHeader.CONTENT_TYPE);
    HttpStack.SECURITY_HEADERS.forEach(response.getHeaders()::put);
    String code = status == 413 ? "BODY_TOO_LARGE" : status == 431 ? "HEADERS_TOO_LARGE"
        : HttpStatus.getMessage(status).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
    ApiReplies.error(response, callback, status, code, switch (status) {
      case 404 -> "no such endpoint: the server answers /mcp, /api/search, /api/status, /metrics,"
          + " /healthz and /readyz";
      case 405 -> "method not allowed: the path does not answer that method";
      case 413 -> "the request body is over the " + Limits.BODY_CAP + "-byte (1 MiB) cap: send a"
          + " smaller one";
      case 431 -> "the request headers are over the " + Limits.HEADER_CAP + "-byte (8 KiB) cap:"
          + " send fewer or shorter headers";
      default -> HttpStatus.getMessage(status).toLowerCase(Locale.ROOT);
    });
  }

  /** Every error is JSON, whatever the method (Jetty writes a body for GET, POST and HEAD only). */
  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }
}
