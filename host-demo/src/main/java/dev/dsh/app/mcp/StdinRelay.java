package dev.dsh.app.mcp;

import dev.dsh.host.json.Json;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpMessage;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Passes the client's lines to the SDK's stdio transport through a pipe, doing what the SDK leaves
 * undone: checks each ({@link McpMessage}), answering or dropping a refused one; reads one over the
 * limit to its end unheld and answers it; tags a {@code tools/call} with its call's key, fires a
 * cancellation's signal, answers {@code ping} at once; holds the pipe's end until {@link
 * #release()}, since the SDK drops every answer not yet written at end of input.
 */
final class StdinRelay {

  /** 16 MiB, the SDK stdio transport's own bound. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  private static final int CHUNK = 64 * 1024;
  // A buffer grown by one big line is dropped afterwards rather than kept for the whole session.
  private static final int KEPT_CAPACITY = 1 << 20;

  private final InputStream in;
  private final int limit;
  private final OutputStream out;
  private final PrintStream err;
  private final CallSignals calls;
  private final PipedOutputStream toSdk = new PipedOutputStream();
  private final PipedInputStream sdkInput;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private final byte[] chunk = new byte[CHUNK];
  private int position;
  private int end;
  byte[] line = new byte[64];
  int length;

  // out: where the SDK writes; answers go under its lock, as the SDK's do.
  StdinRelay(InputStream in, int limit, OutputStream out, PrintStream err, CallSignals calls)
      throws IOException {
    this.in = in;
    this.limit = limit;
    this.out = out;
    this.err = err;
    this.calls = calls;
    this.sdkInput = new PipedInputStream(toSdk, 1 << 20);
  }

  InputStream sdkInput() {
    return sdkInput;
  }

  void start() {
    Thread thread = new Thread(this::relay, "dsh-mcp-stdin");
    thread.setDaemon(true);
    thread.start();
  }

  CompletableFuture<Void> ended() {
    return ended;
  }

  void release() {
    released.countDown();
  }

  private void relay() {
    try {
      for (boolean complete = next(); length >= 0; complete = next()) {
        if (!complete) {
          answer(McpMessage.error(leadingId(), McpSchema.ErrorCodes.INVALID_REQUEST,
              "Invalid Request: the message is over the " + (limit >> 20) + " MiB limit (" + limit
                  + " bytes a line) and was skipped"));
        } else if (!blank()) {
          byte[] forward = inspect(McpMessage.read(line, 0, length));
          if (forward != null) {
            toSdk.write(forward);
            toSdk.write('\n');
            // flush wakes the reader now rather than at its next one-second poll
            toSdk.flush();
          }
        }
      }
    } catch (IOException e) {
      // stdin failed, or the SDK stopped reading: either way the session is over
    } finally {
      ended.complete(null);
      // the pipe stays open (its writer alive) until the answers owed are written
      try {
        released.await();
        toSdk.close();
      } catch (InterruptedException | IOException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private byte @Nullable [] inspect(McpMessage message) throws IOException {
    McpMessage.Refusal refusal = message.refusal();
    if (refusal != null) {
      if (refusal.answered()) {
        answer(McpMessage.error(refusal.id(), refusal.code(), refusal.message()));
      } else {
        err.println("dsh: dropped " + refusal.message());
      }
      return null;
    }
    if (message.is(CallSignals.CANCELLED, false)) {
      calls.cancel("", message);
      return null;
    }
    if (message.is(McpSchema.METHOD_PING, true)) {
      answer(("{\"jsonrpc\":\"2.0\",\"id\":" + message.id() + ",\"result\":{}}")
          .getBytes(StandardCharsets.UTF_8));
      return null;
    }
    if (!message.is(McpSchema.METHOD_TOOLS_CALL, true)) {
      return Arrays.copyOf(line, length);
    }
    String key = message.callId();
    calls.open(key);
    ObjectNode params = (ObjectNode) message.json().get("params");
    (params.get("_meta") instanceof ObjectNode meta ? meta : params.putObject("_meta"))
        .put(CallSignals.META_KEY, key);
    return Json.MAPPER.writeValueAsBytes(message.json());
  }

  private void answer(byte[] message) throws IOException {
    synchronized (out) {
      out.write(message);
      out.write('\n');
      out.flush();
    }
  }

  /**
   * Reads the next non-empty line into {@code line}'s first {@code length} bytes (-1 at the end of
   * input); false when it was over {@code limit}, read on to its end in chunks, dropped as read.
   */
  boolean next() throws IOException {
    if (line.length > KEPT_CAPACITY) {
      line = new byte[64];
    }
    length = 0;
    boolean over = false;
    while (true) {
      if (position == end) {
        int read = in.read(chunk);
        position = 0;
        end = Math.max(read, 0);
        if (read < 0) {
          length = over || length > 0 ? length : -1;
          return !over;
        }
      }
      int stop = position;
      while (stop < end && chunk[stop] != '\n' && chunk[stop] != '\r') {
        stop++;
      }
      int taken = Math.min(limit - length, stop - position);
      if (length + taken > line.length) {
        line = Arrays.copyOf(line, Math.min(limit, Math.max(line.length * 2, length + taken)));
      }
      System.arraycopy(chunk, position, line, length, taken);
      length += taken;
      over |= taken < stop - position;
      position = stop < end ? stop + 1 : stop;
      if (stop < end && (over || length > 0)) {
        return !over;
      }
    }
  }

  private boolean blank() {
    return IntStream.range(0, length).allMatch(i -> line[i] == ' ' || line[i] == '\t');
  }

  /** The top-level {@code "id"} in the bytes read of a message, if there and usable. */
  private @Nullable JsonNode leadingId() {
    try (JsonParser parser = Json.MAPPER.createParser(line, 0, length)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
        boolean isId = parser.currentName().equals("id");
        parser.nextToken();
        if (isId) {
          return switch (parser.currentToken()) {
            case VALUE_STRING -> Json.MAPPER.getNodeFactory().stringNode(parser.getString());
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                ? null : Json.MAPPER.getNodeFactory().numberNode(parser.getLongValue());
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
}
