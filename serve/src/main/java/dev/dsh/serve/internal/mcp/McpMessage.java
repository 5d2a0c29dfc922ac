package dev.dsh.serve.internal.mcp;

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
 * One POST body of {@code /mcp}, read within {@link #MAX_BODY} and parsed once for what the filter
 * needs of it; the SDK then reads the same bytes. A body the SDK would answer with Java exception
 * text (not JSON, a batch, a broken envelope) is refused here with a JSON-RPC error naming the
 * field.
 */
final class McpMessage {

  /** The largest body read: 1 MiB. */
  static final int MAX_BODY = 1 << 20;

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
    // a body declared too long is not read; one sent without a length is read to the limit only
    byte[] body = request.getContentLengthLong() > MAX_BODY
        ? null
        : request.getInputStream().readNBytes(MAX_BODY + 1);
    if (body == null || body.length > MAX_BODY) {
      reply(response, 413, null, INVALID_REQUEST, "Invalid Request: the body is over the "
          + (MAX_BODY >> 20) + " MiB limit (" + MAX_BODY + " bytes)");
      return null;
    }
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
