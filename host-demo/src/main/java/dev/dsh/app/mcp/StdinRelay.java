package dev.dsh.app.mcp;

import dev.dsh.app.cli.InputLines;
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
 * undone: checks each ({@link McpMessage}), refuses one over the limit, tags a {@code tools/call},
 * fires a cancellation, answers {@code ping}; holds the pipe's end until {@link #release()}, since
 * the SDK drops every answer not yet written at end of input.
 */
final class StdinRelay {

  /** 16 MiB, the SDK stdio transport's own bound. */
  static final int MAX_LINE_BYTES = 16 * 1024 * 1024;

  private final InputLines lines;
  private final OutputStream out;
  private final PrintStream err;
  private final CallSignals calls;
  private final PipedOutputStream toSdk = new PipedOutputStream();
  private final PipedInputStream sdkInput;
  private final CompletableFuture<Void> ended = new CompletableFuture<>();
  private final CountDownLatch released = new CountDownLatch(1);

  // out: where the SDK writes; answers go under its lock, as the SDK's do.
  StdinRelay(InputStream in, OutputStream out, PrintStream err, CallSignals calls)
      throws IOException {
    this.lines = new InputLines(in, MAX_LINE_BYTES, true);
    this.out = out;
    this.err = err;
    this.calls = calls;
    this.sdkInput = new PipedInputStream(toSdk, 1 << 20);
    Thread thread = new Thread(this::relay, "dsh-mcp-stdin");
    thread.setDaemon(true);
    thread.start();
  }

  InputStream sdkInput() {
    return sdkInput;
  }

  CompletableFuture<Void> ended() {
    return ended;
  }

  void release() {
    released.countDown();
  }

  private void relay() {
    try {
      for (InputLines.Line line = lines.next(); line != null; line = lines.next()) {
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
      return Arrays.copyOf(line.bytes(), line.length());
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

  private static boolean blank(InputLines.Line line) {
    byte[] bytes = line.bytes();
    return IntStream.range(0, line.length()).allMatch(i -> bytes[i] == ' ' || bytes[i] == '\t');
  }

  /** The top-level {@code "id"} in the bytes read of a message, if there and usable. */
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
}
