package dev.dsh.serve.internal.api;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the API (and the console's endpoints) answer: one JSON object, never cached; an error as
 * {@code {"error": {...}}}.
 */
public final class ApiReplies {

  private static final JsonMapper JSON = JsonMapper.builder().build();

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

  /** Answers {@code status} with {@code {"error": {"code", "message"}}}. */
  public static void error(HttpServletResponse response, int status, String code, String message)
      throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.putObject("error").put("code", code).put("message", printable(message));
    json(response, status, JSON.writeValueAsString(root));
  }

  /** {@code 405}, naming the one method {@code path} answers. */
  public static void methodNotAllowed(HttpServletResponse response, String path, String allowed)
      throws IOException {
    response.setHeader("Allow", allowed);
    error(response, 405, "METHOD_NOT_ALLOWED", path + " answers " + allowed + " only");
  }

  /** {@code text} with each control character written as {@code \\uXXXX}: one printable line. */
  public static String printable(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      if (Character.getType(c) == Character.CONTROL) {
        out.append(String.format("\\u%04x", c));
      } else {
        out.appendCodePoint(c);
      }
    });
    return out.toString();
  }
}
