package dev.dsh.app.mcp;

import dev.dsh.app.cli.InputLines;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.Json;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpMessage;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.IntStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Both ends of the SDK's stdio transport, doing what the SDK leaves undone. A relay thread passes
 * the client's lines through a pipe: checks each ({@link McpMessage}), refuses one over the
 * limit, tags a {@code tools/call}, fires a cancellation, answers {@code ping}; it holds the pipe's
 * end until {@link #release()}, since the SDK drops every answer not yet written at end of input.
 * This stream is where the SDK writes (each message ended by a flush); one writer thread owns
 * stdout, so a client not reading it never blocks the relay.
 */
final class StdioGuard extends ByteArrayOutputStream {

  /** 16 MiB, the SDK stdio transport's own bound. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;
  static final Duration STALL = Duration.ofMillis(500);

  private final InputLines in;
  private final OutputStream stdout;
  private final PrintStream err;
  private final CallSignals calls;
  private final PipedOutputStream toSdk = new PipedOutputStream();
  final PipedInputStream sdkInput;
  final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final CountDownLatch released = new CountDownLatch(1);
  private final LinkedBlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
  final CompletableFuture<String> failed = new CompletableFuture<>();
  private volatile long writingSince;

  StdioGuard(InputStream stdin, OutputStream stdout, PrintStream err, CallSignals calls)
      throws IOException {
    this.in = new InputLines(stdin, MAX_LINE_BYTES, true);
    this.stdout = stdout;
    this.err = err;
    this.calls = calls;
    this.sdkInput = new PipedInputStream(toSdk, 1 << 20);
    start(this::relay, "dsh-mcp-stdin");
    start(this::writeLines, "dsh-mcp-stdout");
  }

  private static void start(Runnable task, String name) {
    Thread thread = new Thread(task, name);
    thread.setDaemon(true);
    thread.start();
  }

  void release() {
    released.countDown();
  }

  // The client is not reading.
  boolean stalled() {
    long since = writingSince;
    return since != 0 && System.nanoTime() - since > STALL.toNanos();
  }

  /** Ends a message (every writer flushes after each, under this stream's lock). */
  @Override
  public synchronized void flush() {
    byte[] line = toByteArray();
    reset();
    if (line.length > 0) {
      send(line);
    }
  }

  private void send(byte[] line) {
    if (!failed.isDone()) {
      lines.add(line);
    }
  }

  private void relay() {
    try {
      for (InputLines.Line line = in.next(); line != null; line = in.next()) {
        if (!line.complete()) {
          answer(McpMessage.error(leadingId(line), McpSchema.ErrorCodes.INVALID_REQUEST,
              "Invalid Request: the message is over the 16 MiB limit (" + MAX_LINE_BYTES
                  + " bytes a line) and was skipped"));
        } else if (!blank(line)) {
          byte[] forward = inspect(line);
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

  private byte @Nullable [] inspect(InputLines.Line line) throws IOException {
    McpMessage message = McpMessage.read(line.bytes(), 0, line.length());
    McpMessage.Refusal refusal = message.refusal();
    if (refusal != null) {
      if (refusal.answered()) {
        answer(McpMessage.error(refusal.id(), refusal.code(), refusal.message()));
      } else {
        err.println(ControlEscapes.escape("dsh: dropped " + refusal.message()));
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
      return Arrays.copyOf(line.bytes(), line.length());
    }
    String key = message.callId();
    calls.open(key);
    ObjectNode params = (ObjectNode) message.json().get("params");
    (params.get("_meta") instanceof ObjectNode meta ? meta : params.putObject("_meta"))
        .put(CallSignals.META_KEY, key);
    return Json.MAPPER.writeValueAsBytes(message.json());
  }

  private void answer(byte[] message) {
    byte[] line = Arrays.copyOf(message, message.length + 1);
    line[message.length] = '\n';
    send(line);
  }

  private static boolean blank(InputLines.Line line) {
    byte[] bytes = line.bytes();
    return IntStream.range(0, line.length()).allMatch(i -> bytes[i] == ' ' || bytes[i] == '\t');
  }

  // The top-level "id" in the bytes read of a message, if there and usable.
  private static @Nullable JsonNode leadingId(InputLines.Line line) {
    try (JsonParser parser = Json.MAPPER.createParser(line.bytes(), 0, line.length())) {
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

  private void writeLines() {
    try {
      while (!failed.isDone()) {
        byte[] line = lines.take();
        String answered = null;
        try {
          JsonNode sent = Json.MAPPER.readTree(line);
          answered = sent.has("method") || !sent.has("id") ? null : sent.get("id").toString();
          if (McpMessage.dropLogging(sent)) {
            line = (Json.MAPPER.writeValueAsString(sent) + "\n").getBytes(StandardCharsets.UTF_8);
          }
        } catch (JacksonException e) {
          // not one JSON message: passed on as it is
        }
        writingSince = System.nanoTime() | 1;
        stdout.write(line);
        stdout.flush();
        if (stdout instanceof PrintStream print && print.checkError()) {
          failed.complete("stdout could not be written");
          return;
        }
        writingSince = 0;
        if (answered != null) {
          calls.answered(answered);
        }
      }
    } catch (IOException e) {
      failed.complete("stdout could not be written (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
