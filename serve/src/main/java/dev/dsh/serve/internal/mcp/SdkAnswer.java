package dev.dsh.serve.internal.mcp;

import static io.modelcontextprotocol.spec.McpSchema.ErrorCodes.INTERNAL_ERROR;
import static io.modelcontextprotocol.spec.McpSchema.ErrorCodes.INVALID_REQUEST;

import dev.dsh.host.json.Json;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.mcp.McpMessage;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayInputStream;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The SDK servlet's answer to one {@code /mcp} request, passed on but for an error written as a
 * Java exception (sent as a JSON-RPC error) and the {@code initialize} result (without {@code
 * logging}), both held until {@link #finish()}.
 */
final class SdkAnswer extends HttpServletResponseWrapper {

  private final @Nullable McpMessage message;
  private final String notFound;
  private @Nullable CharArrayWriter held;
  private @Nullable PrintWriter writer;

  /** {@code message}: the POST's, null for a GET or DELETE; {@code notFound}: a 404's text. */
  SdkAnswer(HttpServletResponse response, @Nullable McpMessage message, String notFound) {
    super(response);
    this.message = message;
    this.notFound = notFound;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    boolean initialize = message != null && message.is(McpSchema.METHOD_INITIALIZE, true);
    if (writer == null && getStatus() < 400 && !initialize) {
      return super.getWriter();
    }
    if (writer == null) {
      held = new CharArrayWriter();
      writer = new PrintWriter(held);
    }
    return writer;
  }

  void finish() throws IOException {
    if (held == null) {
      return;
    }
    writer.flush();
    byte[] sent = held.toString().getBytes(StandardCharsets.UTF_8);
    JsonNode answer = McpMessage.read(sent, 0, sent.length).json(); // {} if not JSON
    held = null;
    McpMessage.dropLogging(answer);
    byte[] bytes = answer.has("jsonrpc") ? Json.MAPPER.writeValueAsBytes(answer) : error();
    ApiReplies.send((HttpServletResponse) getResponse(), getStatus(), McpFilter.JSON,
        new String(bytes, StandardCharsets.UTF_8));
  }

  private byte[] error() {
    JsonNode id = message == null ? null : message.id();
    if (getStatus() == 404) {
      return McpMessage.error(id, INVALID_REQUEST, notFound);
    }
    if (message != null && !message.json().has("method")) {
      // the SDK fails a response whose id names no request it is waiting for
      setStatus(400);
      return McpMessage.error(null, INVALID_REQUEST,
          "Invalid Request: the server is waiting for no response with this id");
    }
    return McpMessage.error(id, INTERNAL_ERROR,
        "Internal error: the MCP server failed on this message; the server's log says why");
  }

  /** {@code request} with the body read by the filter, for the SDK's servlet to read again. */
  static HttpServletRequest withBody(HttpServletRequest request, byte[] body) {
    ByteArrayInputStream in = new ByteArrayInputStream(body);
    ServletInputStream stream = new ServletInputStream() {
      @Override
      public int read() {
        return in.read();
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
}
