package dev.dsh.app.mcp;

import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.MessageCheck;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the client's messages (one JSON-RPC message a line) and passes them on to the SDK's stdio
 * transport through a pipe, doing on the way what SDK 2.1.0 leaves undone:
 *
 * <ul>
 *   <li>{@code notifications/cancelled} is not routed to the server, and a tool handler never sees
 *       its request's id: so a {@code web_search} call gets a signal in {@link CallSignals} and a
 *       {@code _meta} tag naming it, and a cancellation fires that signal (and goes no further);
 *   <li>a line the SDK cannot take would end its session or get Java exception text back: a line
 *       that is not JSON is answered {@code -32700}, a line over {@link #MAX_LINE_BYTES} {@code
 *       -32600} (it is read on to its end without being held), and a message {@link MessageCheck}
 *       refuses is answered, or dropped with one stderr line when nothing may answer it;
 *   <li>{@code ping} waits in the SDK until the session is initialized: it is answered here, at
 *       once, as the protocol allows at any time.
 * </ul>
 *
 * Everything else is passed on as Jackson writes back the message it checked, so the SDK reads
 * what was checked. End of input closes the pipe, so the SDK sees it too.
 */
final class StdinRelay {

  static final String CANCELLED = "notifications/cancelled";
  static final String TOOLS_CALL = "tools/call";
  static final String PING = "ping";

  /** The longest line read as a message: 16 MiB, the bound of the SDK's own stdio transport. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  // Big decimals write a number back as the client wrote it (a double would turn 1e400 into a
  // string "Infinity").
  private static final JsonMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  private final BoundedLines in;
  private final OutputStream out;
  private final PrintStream err;
  private final PipedOutputStream toSdk;
  private final PipedInputStream sdkInput;
  private final CallSignals calls;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final Thread thread;

  /**
   * @param in the client's messages
   * @param out the stream the SDK writes its messages to; answers are written under its lock, as
   *     the SDK writes
   * @param err where a dropped message is reported, one line each
   */
  StdinRelay(InputStream in, OutputStream out, PrintStream err, CallSignals calls) {
    this.in = new BoundedLines(in, MAX_LINE_BYTES);
    this.out = out;
    this.err = err;
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
      for (BoundedLines.Line line = in.next(); line != null; line = in.next()) {
        if (!line.complete()) {
          answerOverLimit(line);
          continue;
        }
        String forward = inspect(line);
        if (forward != null) {
          toSdk.write((forward + "\n").getBytes(StandardCharsets.UTF_8));
          // flush wakes the reader now rather than at its next one-second poll
          toSdk.flush();
        }
      }
    } catch (IOException e) {
      // stdin failed, or the SDK stopped reading: either way the session is over
    } finally {
      ended.complete(null);
    }
  }

  /** The message to pass on, or null when it was handled here. */
  private @Nullable String inspect(BoundedLines.Line line) throws IOException {
    JsonNode message;
    try {
      message = JSON.readTree(line.bytes(), 0, line.length());
    } catch (JacksonException e) {
      answer(MessageCheck.notJson(e));
      return null;
    }
    if (message.isMissingNode()) {
      return null; // blanks only
    }
    MessageCheck.Refusal refusal = MessageCheck.check(message);
    if (refusal != null) {
      if (refusal.answered()) {
        answer(refusal);
      } else {
        err.println("dsh: dropped " + refusal.message());
      }
      return null;
    }
    ObjectNode object = (ObjectNode) message;
    JsonNode id = object.get("id");
    String method = object.path("method").asString("");
    if (method.equals(CANCELLED)) {
      JsonNode params = object.path("params");
      JsonNode reason = params.path("reason");
      calls.cancel(params.path("requestId").toString(), reason.isString() ? reason.stringValue() : null);
      return null;
    }
    if (method.equals(PING) && id != null) {
      ObjectNode pong = JSON.createObjectNode().put("jsonrpc", "2.0");
      pong.set("id", id);
      pong.putObject("result");
      write(pong);
      return null;
    }
    if (method.equals(TOOLS_CALL) && id != null) {
      tag(id, (ObjectNode) object.get("params"));
    }
    return JSON.writeValueAsString(object);
  }

  /**
   * Answers a line over the limit, with its id when the id comes before the limit; the rest of the
   * line was never held.
   */
  private void answerOverLimit(BoundedLines.Line head) throws IOException {
    write(MessageCheck.error(leadingId(head), MessageCheck.INVALID_REQUEST,
        "Invalid Request: the message is over the " + (MAX_LINE_BYTES >> 20) + " MiB limit ("
            + MAX_LINE_BYTES + " bytes a line) and was skipped"));
  }

  /** The top-level {@code "id"} in the first bytes of a message, if it is there and usable. */
  private static @Nullable JsonNode leadingId(BoundedLines.Line head) {
    try (JsonParser parser = JSON.createParser(head.bytes(), 0, head.length())) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
        boolean isId = parser.currentName().equals("id");
        parser.nextToken();
        if (isId) {
          return switch (parser.currentToken()) {
            case VALUE_STRING -> JSON.getNodeFactory().stringNode(parser.getString());
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                ? null
                : JSON.getNodeFactory().numberNode(parser.getLongValue());
            default -> null;
          };
        }
        // skipped, not read: a long string value costs no memory here
        parser.skipChildren();
      }
    } catch (JacksonException e) {
      // the limit cut the message before its id
    }
    return null;
  }

  /** Opens the signal of a {@code web_search} call and tags the call's {@code _meta} with it. */
  private void tag(JsonNode id, ObjectNode params) {
    String key = id.toString();
    calls.open(key);
    JsonNode meta = params.get("_meta");
    (meta instanceof ObjectNode object ? object : params.putObject("_meta")).put(CallSignals.META_KEY, key);
  }

  private void answer(MessageCheck.Refusal refusal) throws IOException {
    write(MessageCheck.error(refusal.id(), refusal.code(), refusal.message()));
  }

  private void write(ObjectNode message) throws IOException {
    byte[] bytes = (JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
    synchronized (out) {
      out.write(bytes);
      out.flush();
    }
  }
}
