package dev.dsh.serve.internal.http;

import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.Json;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The server's answers, never cached; errors as {@link ErrorJson}, control characters escaped; as
 * Jetty's error handler, a fixed message per status (never an exception's text, URI or trace).
 */
public final class ApiReplies extends ErrorHandler {

  public static void json(HttpServletResponse response, int status, String json)
      throws IOException {
    send(response, status, "application/json;charset=utf-8", json + "\n");
  }

  /** Answers {@code status} with {@code text} of {@code type}, never cached. */
  public static void send(HttpServletResponse response, int status, String type, String text)
      throws IOException {
    byte[] body = text.getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType(type);
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  public static void error(HttpServletResponse response, int status, String code, String message)
      throws IOException {
    json(response, status, body(code, message));
  }

  /** {@code 405}, naming the one method {@code path} answers. */
  public static void methodNotAllowed(HttpServletResponse response, String path, String allowed)
      throws IOException {
    response.setHeader("Allow", allowed);
    error(response, 405, "METHOD_NOT_ALLOWED", path + " answers " + allowed + " only");
  }

  public static void error(
      Response response, Callback callback, int status, String code, String message) {
    byte[] body = body(code, message).getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  public static void error(HttpServletResponse response, Refusal refusal) throws IOException {
    error(response, refusal.status, refusal.code, refusal.getMessage());
  }

  /** The body's JSON object; @throws Refusal saying where it is not JSON, or not an object. */
  public static ObjectNode object(InputStream body) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(body);
    } catch (JacksonException e) {
      TokenStreamLocation at = e.getLocation();
      throw badRequest("", "the body is not valid JSON"
          + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
    }
    if (!(root instanceof ObjectNode object)) {
      throw badRequest("", "the body must be a JSON object");
    }
    return object;
  }

  /** {@code 400 BAD_REQUEST} naming the JSON {@code field} at fault ("" for the whole body). */
  public static Refusal badRequest(String field, String why) {
    return new Refusal(400, "BAD_REQUEST", field.isEmpty() ? why : field + ": " + why);
  }

  public static final class Refusal extends RuntimeException {
    private final int status;
    private final String code;

    public Refusal(int status, String code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.code = code;
    }
  }

  private static String body(String code, String message) {
    return ErrorJson.of(code, ControlEscapes.escape(message)).toJson();
  }

  /** Jetty's errors, with the security headers, which the connector's own errors get only here. */
  @Override
  protected void generateResponse(Request request, Response response, int status,
      String message, Throwable cause, Callback callback) {
    response.getHeaders().remove(HttpHeader.CONTENT_TYPE);
    HttpStack.SECURITY_HEADERS.forEach(response.getHeaders()::put);
    String code = status == 413 ? "BODY_TOO_LARGE" : status == 431 ? "HEADERS_TOO_LARGE"
        : HttpStatus.getMessage(status).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
    error(response, callback, status, code, switch (status) {
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
