package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.MessageCheck;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.CharArrayWriter;
import java.io.IOException;
import java.io.PrintWriter;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The SDK servlet's answer to one {@code /mcp} request, passed on as written except where SDK
 * 2.1.0 writes what no client should get:
 *
 * <ul>
 *   <li>an error it writes as a serialized Java exception ({@code {"jsonRpcError":…,
 *       "stackTrace":[…]}}, its class name and exception text in it) goes out as a JSON-RPC error
 *       with the same status and a message of dsh's; the filter answers every error it knows of
 *       before the SDK, so this is the guard for the rest (a session the SDK has just swept, a
 *       response to no request it sent, a failure of its own);
 *   <li>the {@code initialize} result goes out without the {@code logging} capability, as {@code
 *       dsh mcp}'s does: the SDK adds it to every session's, while dsh sends no log messages and
 *       refuses {@code logging/setLevel} ({@link MessageCheck}).
 * </ul>
 *
 * Only those answers are held, and only until {@link #finish()}: the SDK writes both before its
 * servlet returns. An event stream passes through as it is written.
 */
final class SdkAnswer extends HttpServletResponseWrapper {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final @Nullable McpMessage message;
  private final String notFound;
  private @Nullable CharArrayWriter held;
  private @Nullable PrintWriter writer;

  /**
   * @param message the POST's message; null for a GET or DELETE
   * @param notFound what a {@code 404} says: the session is not open
   */
  SdkAnswer(HttpServletResponse response, @Nullable McpMessage message, String notFound) {
    super(response);
    this.message = message;
    this.notFound = notFound;
  }

  @Override
  public PrintWriter getWriter() throws IOException {
    if (writer != null) {
      return writer;
    }
    boolean initialize = message != null && message.isRequest(McpSchema.METHOD_INITIALIZE);
    if (getStatus() < HttpServletResponse.SC_BAD_REQUEST && !initialize) {
      return super.getWriter();
    }
    held = new CharArrayWriter();
    writer = new PrintWriter(held);
    return writer;
  }

  /** Writes the answer held, if any: call once the SDK's servlet has returned. */
  void finish() throws IOException {
    if (held == null) {
      return;
    }
    writer.flush();
    JsonNode answer;
    try {
      answer = JSON.readTree(held.toString());
    } catch (JacksonException e) {
      answer = JSON.missingNode();
    }
    held = null;
    if (!answer.has("jsonrpc")) {
      answer = error();
    } else if (answer.path("result").path("capabilities") instanceof ObjectNode capabilities) {
      capabilities.remove("logging");
    }
    byte[] bytes = JSON.writeValueAsBytes(answer);
    setContentType(TransportRules.JSON_TYPE);
    setContentLength(bytes.length);
    getResponse().getOutputStream().write(bytes);
  }

  /** The JSON-RPC error in place of the SDK's serialized exception (its text is in its log). */
  private JsonNode error() {
    JsonNode id = message == null ? null : message.id();
    if (getStatus() == HttpServletResponse.SC_NOT_FOUND) {
      return MessageCheck.error(id, MessageCheck.INVALID_REQUEST, notFound);
    }
    if (message != null && message.isResponse()) {
      // the SDK fails a response whose id names no request it is waiting for
      setStatus(HttpServletResponse.SC_BAD_REQUEST);
      return MessageCheck.error(null, MessageCheck.INVALID_REQUEST,
          "Invalid Request: the server is waiting for no response with this id");
    }
    return MessageCheck.error(id, McpSchema.ErrorCodes.INTERNAL_ERROR,
        "Internal error: the MCP server failed on this message; the server's log says why");
  }
}
