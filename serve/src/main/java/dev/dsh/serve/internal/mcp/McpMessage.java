package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.mcp.MessageCheck;
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
 * One POST body of {@code /mcp}, read once (the HTTP stack caps it) and checked once, as {@code dsh
 * mcp} checks a line ({@link MessageCheck}); the SDK then reads the same bytes. A body the SDK
 * would answer with a serialized Java exception (not JSON, no message it can take) or with no
 * answer at all (params of the wrong shape) is answered here instead.
 */
final class McpMessage {

  /** The largest body: 1 MiB, the HTTP stack's limit, and the SDK's. */
  static final int MAX_BODY = Limits.BODY_CAP;

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
      refuse(response, MessageCheck.notJson(e));
      return null;
    }
    MessageCheck.Refusal refusal = MessageCheck.check(parsed);
    if (refusal != null) {
      refuse(response, refusal);
      return null;
    }
    return new McpMessage((ObjectNode) parsed, body);
  }

  /**
   * Answers a refused message. A request the server can read is answered {@code 200} with its
   * JSON-RPC error, as the SDK answers the errors it finds itself (and as a client keeps its
   * session on); input that is no message the server can take, and a notification or response
   * (which no JSON-RPC error may answer), is {@code 400}, as the MCP transport asks.
   */
  private static void refuse(HttpServletResponse response, MessageCheck.Refusal refusal)
      throws IOException {
    boolean unreadable = refusal.code() == MessageCheck.PARSE_ERROR
        || refusal.code() == MessageCheck.INVALID_REQUEST;
    reply(response, unreadable ? HttpServletResponse.SC_BAD_REQUEST : HttpServletResponse.SC_OK,
        refusal.id(), refusal.code(),
        refusal.answered() ? refusal.message() : "Invalid Request: " + refusal.message());
  }

  /** True for a request of {@code method}. */
  boolean isRequest(String method) {
    return message.has("id") && method().equals(method);
  }

  /** True for a notification of {@code method}. */
  boolean isNotification(String method) {
    return !message.has("id") && method().equals(method);
  }

  /** True for a response (to a request the server sent). */
  boolean isResponse() {
    return !message.has("method");
  }

  /** The id (JSON text) of a request, or the request a {@code notifications/cancelled} names. */
  String callId() {
    return (message.has("id") ? message.get("id") : message.path("params").path("requestId"))
        .toString();
  }

  /** The request's id; null for a notification or response (no error may answer those). */
  @Nullable JsonNode id() {
    return message.has("method") ? message.get("id") : null;
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
    byte[] bytes = JSON.writeValueAsBytes(MessageCheck.error(id, code, message));
    response.setStatus(status);
    response.setContentType(TransportRules.JSON_TYPE);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}
