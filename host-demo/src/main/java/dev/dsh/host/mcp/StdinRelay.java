package dev.dsh.host.mcp;

import dev.dsh.host.tool.WebSearchTool;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the client's messages (one JSON-RPC message a line) and passes them on to the SDK's stdio
 * transport through a pipe, doing on the way the two things SDK 2.1.0 leaves undone:
 *
 * <ul>
 *   <li>{@code notifications/cancelled} is not routed to the server, and a tool handler never sees
 *       its request's id: so a {@code web_search} call gets a signal in {@link CallSignals} and a
 *       {@code _meta} tag naming it, and a cancellation fires that signal (and goes no further);
 *   <li>a line that is not a JSON-RPC message would end the SDK's session: it is answered here
 *       with a JSON-RPC error ({@code -32700} not JSON, {@code -32600} not a message) and dropped.
 * </ul>
 *
 * Everything else is passed on unchanged. End of input closes the pipe, so the SDK sees it too.
 */
final class StdinRelay {

  static final String CANCELLED = "notifications/cancelled";
  static final String TOOLS_CALL = "tools/call";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final BufferedReader in;
  private final OutputStream out;
  private final PipedOutputStream toSdk;
  private final PipedInputStream sdkInput;
  private final CallSignals calls;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final Thread thread;

  /**
   * @param in the client's messages
   * @param out the stream the SDK writes its messages to; errors are written under its lock, as
   *     the SDK writes
   */
  StdinRelay(InputStream in, OutputStream out, CallSignals calls) {
    this.in = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    this.out = out;
    this.calls = calls;
    this.toSdk = new PipedOutputStream();
    try {
      this.sdkInput = new PipedInputStream(toSdk, 1 << 20);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.thread = new Thread(this::relay, "dsh-mcp-stdin");
    this.thread.setDaemon(true);
  }

  /** What the SDK's transport reads. */
  InputStream sdkInput() {
    return sdkInput;
  }

  void start() {
    thread.start();
  }

  /** Completes when the client's input has ended (or could no longer be read or passed on). */
  CompletableFuture<Void> ended() {
    return ended;
  }

  private void relay() {
    try (toSdk) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!line.isBlank()) {
          String forward = inspect(line);
          if (forward != null) {
            toSdk.write((forward + "\n").getBytes(StandardCharsets.UTF_8));
            // flush wakes the reader now rather than at its next one-second poll
            toSdk.flush();
          }
        }
      }
    } catch (IOException e) {
      // stdin failed, or the SDK stopped reading: either way the session is over
    } finally {
      ended.complete(null);
    }
  }

  /** The line to pass on, or null when it was handled here. */
  private @Nullable String inspect(String line) throws IOException {
    JsonNode message;
    try {
      message = JSON.readTree(line);
    } catch (JacksonException e) {
      reply(null, -32700, "Parse error: the line is not JSON");
      return null;
    }
    if (!(message instanceof ObjectNode object)
        || !(object.has("method") || object.has("result") || object.has("error"))) {
      reply(message instanceof ObjectNode o ? o.get("id") : null, -32600,
          "Invalid Request: not a JSON-RPC request, notification or response");
      return null;
    }
    String method = object.path("method").asString("");
    if (method.equals(CANCELLED)) {
      JsonNode params = object.path("params");
      JsonNode reason = params.path("reason");
      calls.cancel(params.path("requestId").toString(), reason.isString() ? reason.stringValue() : null);
      return null;
    }
    if (method.equals(TOOLS_CALL) && tag(object)) {
      return JSON.writeValueAsString(object);
    }
    return line;
  }

  /**
   * Opens a signal for a {@code web_search} call the SDK will hand to the tool's handler (the tool
   * exists and the arguments are an object or absent) and tags the call's {@code _meta} with it.
   */
  private boolean tag(ObjectNode call) {
    JsonNode id = call.get("id");
    if (id == null || id.isNull() || !(call.get("params") instanceof ObjectNode params)) {
      return false;
    }
    JsonNode arguments = params.get("arguments");
    if (!WebSearchTool.NAME.equals(params.path("name").asString(""))
        || (arguments != null && !arguments.isObject() && !arguments.isNull())) {
      return false;
    }
    JsonNode meta = params.get("_meta");
    if (meta != null && !meta.isObject()) {
      return false;
    }
    String key = id.toString();
    calls.open(key);
    (meta == null ? params.putObject("_meta") : (ObjectNode) meta).put(CallSignals.META_KEY, key);
    return true;
  }

  private void reply(@Nullable JsonNode id, int code, String message) throws IOException {
    ObjectNode error = JSON.createObjectNode();
    error.put("jsonrpc", "2.0");
    if (id == null) {
      error.putNull("id");
    } else {
      error.set("id", id);
    }
    error.putObject("error").put("code", code).put("message", message);
    byte[] bytes = (JSON.writeValueAsString(error) + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (out) {
      out.write(bytes);
      out.flush();
    }
  }
}
