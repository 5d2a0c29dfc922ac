package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.internal.http.Limits;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One POST body of {@code /mcp}, read once (the HTTP stack caps it) and parsed once for what the filter
 * needs of it; the SDK then reads the same bytes. A body the SDK would answer with Java exception
 * text (not JSON, a batch, a broken envelope) is refused here with a JSON-RPC error naming the
 * field.
 */
final class McpMessage {

  /** The largest body: 1 MiB, the HTTP stack's limit, and the SDK's. */
  static final int MAX_BODY = Limits.BODY_CAP;

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final ObjectNode message;
  private final byte[] body;

  private McpMessage(ObjectNode message, byte[] body) {
    this.message = message;
    this.body = body;
  }

  /** Reads and checks {@code request}'s body; null when refused (answered on {@code response}). */
  static @Nullable McpMessage read(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    // The HTTP stack's size limit answers 413 to a longer body (its read fails here).
    byte[] body = request.getInputStream().readNBytes(MAX_BODY);
    JsonNode parsed;
    try {
      parsed = JSON.readTree(body);
    } catch (JacksonException e) {
      reply(response, 400, null, PARSE_ERROR, "Parse error: the body is not JSON (UTF-8), or"
          + " nests too deep or holds too long a number or name");
      return null;
    }
    JsonNode id = parsed.get("id");
    boolean usableId =
        id == null || id.isString() || (id.isIntegralNumber() && id.canConvertToLong());
    JsonNode method = parsed.get("method");
    String wrong = !(parsed instanceof ObjectNode)
        ? "a message is one JSON object (batches are not supported)"
        : !parsed.path("jsonrpc").asString("").equals("2.0")
            ? "\"jsonrpc\" must be \"2.0\""
            : !usableId
                ? "\"id\" must be a string or a 64-bit integer"
                : method != null && !method.isString() ? "\"method\" must be a string" : null;
    if (wrong != null) {
      reply(response, 400, usableId ? id : null, INVALID_REQUEST, "Invalid Request: " + wrong);
      return null;
    }
    return new McpMessage((ObjectNode) parsed, body);
  }

  /** True for a request of {@code method}. */
  boolean isRequest(String method) {
    return message.has("id") && method().equals(method);
  }

  /** True for a notification of {@code method}. */
  boolean isNotification(String method) {
    return !message.has("id") && method().equals(method);
  }

  /** The id (JSON text) of a request, or the request a {@code notifications/cancelled} names. */
  String callId() {
    return (message.has("id") ? message.get("id") : message.path("params").path("requestId"))
        .toString();
  }

  /** The request's id, if any. */
  @Nullable JsonNode id() {
    return message.get("id");
  }

  /** The reason a {@code notifications/cancelled} gives, if a string. */
  @Nullable String cancelReason() {
    JsonNode reason = message.path("params").path("reason");
    return reason.isString() ? reason.stringValue() : null;
  }

  private String method() {
    return message.path("method").asString("");
  }

  /** {@code request} with the body read here, for the SDK's servlet (it reads the stream). */
  HttpServletRequest forwarded(HttpServletRequest request) {
    ByteArrayInputStream in = new ByteArrayInputStream(body);
    ServletInputStream stream = new ServletInputStream() {
      @Override
      public int read() {
        return in.read();
      }

      @Override
      public int read(byte[] buffer, int offset, int length) {
        return in.read(buffer, offset, length);
      }

      @Override
      public boolean isFinished() {
        return in.available() == 0;
      }

      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setReadListener(ReadListener listener) {
        throw new IllegalStateException("the body has been read already");
      }
    };
    return new HttpServletRequestWrapper(request) {
      @Override
      public ServletInputStream getInputStream() {
        return stream;
      }
    };
  }

  /** Answers with a JSON-RPC error. */
  static void reply(
      HttpServletResponse response, int status, @Nullable JsonNode id, int code, String message)
      throws IOException {
    ObjectNode error = JSON.createObjectNode().put("jsonrpc", "2.0");
    error.set("id", id == null ? JSON.getNodeFactory().nullNode() : id);
    error.putObject("error").put("code", code).put("message", message);
    byte[] bytes = JSON.writeValueAsBytes(error);
    response.setStatus(status);
    response.setContentType("application/json");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}
