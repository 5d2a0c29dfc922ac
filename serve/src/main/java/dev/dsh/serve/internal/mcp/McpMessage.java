package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.CallSignals;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One POST body of {@code /mcp}, read within {@link #MAX_BODY} and parsed once: what the filter
 * needs to know of it, the {@code _meta} tag of a {@code tools/call}, and the body passed on to the
 * SDK. A body the SDK would answer with Java exception text (not JSON, a batch, a broken envelope)
 * is refused here with a JSON-RPC error naming the field.
 */
final class McpMessage {

  /** The largest body read: 1 MiB. */
  static final int MAX_BODY = 1 << 20;

  static final String INITIALIZE = "initialize";
  static final String TOOLS_CALL = "tools/call";
  static final String CANCELLED = "notifications/cancelled";

  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;

  // Big decimals write a number back as the client wrote it.
  private static final JsonMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  private final ObjectNode message;
  private byte[] body;

  /** A body answered here: its HTTP status and JSON-RPC error. */
  static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final transient @Nullable JsonNode id;
    private final int code;

    Refusal(int status, @Nullable JsonNode id, int code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.id = id;
      this.code = code;
    }

    void send(HttpServletResponse response) throws IOException {
      reply(response, status, id, code, getMessage());
    }
  }

  private McpMessage(ObjectNode message, byte[] body) {
    this.message = message;
    this.body = body;
  }

  /** Reads and checks {@code request}'s body. */
  static McpMessage read(HttpServletRequest request) throws Refusal, IOException {
    // a body declared too long is not read; one sent without a length is read to the limit only
    byte[] body =
        request.getContentLengthLong() > MAX_BODY
            ? null
            : request.getInputStream().readNBytes(MAX_BODY + 1);
    if (body == null || body.length > MAX_BODY) {
      throw new Refusal(413, null, INVALID_REQUEST, "Invalid Request: the body is over the "
          + (MAX_BODY >> 20) + " MiB limit (" + MAX_BODY + " bytes)");
    }
    JsonNode parsed;
    try {
      parsed = JSON.readTree(body);
    } catch (JacksonException e) {
      throw new Refusal(400, null, PARSE_ERROR, "Parse error: the body is not JSON (UTF-8), or"
          + " nests too deep or holds too long a number or name");
    }
    if (!(parsed instanceof ObjectNode object)) {
      throw new Refusal(400, null, INVALID_REQUEST,
          "Invalid Request: a message is one JSON object (batches are not supported)");
    }
    JsonNode id = object.get("id");
    boolean usableId = id == null || id.isString() || (id.isIntegralNumber() && id.canConvertToLong());
    JsonNode version = object.get("jsonrpc");
    JsonNode method = object.get("method");
    String wrong =
        version == null || !version.isString() || !version.stringValue().equals("2.0")
            ? "\"jsonrpc\" must be \"2.0\""
            : !usableId
                ? "\"id\" must be a string or a 64-bit integer"
                : method != null && !method.isString() ? "\"method\" must be a string" : null;
    if (wrong != null) {
      throw new Refusal(400, usableId ? id : null, INVALID_REQUEST, "Invalid Request: " + wrong);
    }
    return new McpMessage(object, body);
  }

  /** The method, or "" for a response. */
  String method() {
    return message.path("method").asString("");
  }

  /** True for a request (a method and an id), false for a notification or a response. */
  boolean isRequest() {
    return message.has("method") && message.has("id");
  }

  /** The request's id; null for a notification or a response. */
  @Nullable JsonNode id() {
    return isRequest() ? message.get("id") : null;
  }

  /** The id a {@code notifications/cancelled} names, as call keys hold it (JSON text). */
  String cancelledId() {
    return message.path("params").path("requestId").toString();
  }

  /** The reason a {@code notifications/cancelled} gives, if a string. */
  @Nullable String cancelReason() {
    JsonNode reason = message.path("params").path("reason");
    return reason.isString() ? reason.stringValue() : null;
  }

  /**
   * Tags a request's {@code params._meta} with the call key; false (and untouched) when it has no
   * params object, which the SDK then refuses.
   */
  boolean tag(String key) {
    if (!(message.get("params") instanceof ObjectNode params)) {
      return false;
    }
    JsonNode meta = params.get("_meta");
    (meta instanceof ObjectNode object ? object : params.putObject("_meta"))
        .put(CallSignals.META_KEY, key);
    body = JSON.writeValueAsBytes(message);
    return true;
  }

  /** {@code request} with this message as its body, for the SDK's servlet. */
  HttpServletRequest forwarded(HttpServletRequest request) {
    byte[] bytes = body;
    return new HttpServletRequestWrapper(request) {
      private final ByteArrayInputStream in = new ByteArrayInputStream(bytes);

      @Override
      public ServletInputStream getInputStream() {
        return new ServletInputStream() {
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
            throw new IllegalStateException("the body is read already");
          }
        };
      }

      @Override
      public BufferedReader getReader() {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      }

      // JSON's encoding (RFC 8259); a body written back is UTF-8 whatever the client declared
      @Override
      public String getCharacterEncoding() {
        return StandardCharsets.UTF_8.name();
      }

      @Override
      public int getContentLength() {
        return bytes.length;
      }

      @Override
      public long getContentLengthLong() {
        return bytes.length;
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
