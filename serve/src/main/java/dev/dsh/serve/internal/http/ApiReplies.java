package dev.dsh.serve.internal.http;

import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.ErrorJson;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * How the server answers: one JSON object, never cached; every error as {@link ErrorJson}, its
 * message's control characters escaped. The endpoints answer through the servlet API (the body
 * ends with a line feed), the handlers in front of them (auth, limits, drain, Jetty's own errors)
 * through Jetty's.
 */
public final class ApiReplies {

  private ApiReplies() {}

  /** Answers {@code status} with {@code json}. */
  public static void json(HttpServletResponse response, int status, String json)
      throws IOException {
    byte[] body = (json + "\n").getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  /** Answers {@code status} with the error {@code code} and {@code message}. */
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

  /** A handler's answer: {@code status} with the error, completing {@code callback}. */
  public static void error(
      Response response, Callback callback, int status, String code, String message) {
    byte[] body = body(code, message).getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }

  private static String body(String code, String message) {
    return ErrorJson.of(code, ControlEscapes.escape(message)).toJson();
  }
}
