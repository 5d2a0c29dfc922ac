package dev.dsh.serve.internal.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one shape of every error the HTTP layer answers itself (auth, limits, drain, Jetty's own
 * errors): {@code {"error": {"code", "message"}}}, as {@code SearchJson.error} shapes a search's.
 */
public final class JsonErrors {

  /** The media type of every error body. */
  public static final String MEDIA_TYPE = "application/json; charset=utf-8";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private JsonErrors() {}

  /** {@code {"error": {"code": code, "message": message}}} as UTF-8 bytes. */
  public static byte[] body(String code, String message) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode error = root.putObject("error");
    error.put("code", code);
    error.put("message", message);
    return JSON.writeValueAsString(root).getBytes(StandardCharsets.UTF_8);
  }

  /** Answers {@code status} with the error body, completing {@code callback}. */
  public static void write(
      Response response, Callback callback, int status, String code, String message) {
    byte[] body = body(code, message);
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, MEDIA_TYPE);
    response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
    response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
  }
}
