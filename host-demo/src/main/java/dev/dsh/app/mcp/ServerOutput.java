package dev.dsh.app.mcp;

import dev.dsh.serve.mcp.CallSignals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * The stream the SDK's transport and {@link StdinRelay} write the server's messages to, one a line,
 * and the one thread that owns stdout and writes them there.
 *
 * <p>Writers only queue a whole line and return, so a client that stops reading stdout never
 * blocks the SDK or the relay (which must go on reading stdin to see its end). The writer thread
 * tells {@link CallSignals} when a response has been written, notes when a write has been blocked
 * longer than {@link #STALL} (the client is not reading), and ends the output for good on the first
 * failed write or when more than {@link #MAX_WAITING_BYTES} wait unread.
 */
final class ServerOutput extends OutputStream {

  /** A write blocked this long means the client is not reading stdout. */
  static final Duration STALL = Duration.ofMillis(500);

  /** The most bytes of messages held for a client that does not read them. */
  static final long MAX_WAITING_BYTES = 64L << 20;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final OutputStream stdout;
  private final CallSignals calls;
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
  private final LinkedBlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
  private final AtomicLong waiting = new AtomicLong();
  private final CompletableFuture<String> failed = new CompletableFuture<>();
  private final Thread writer;
  private volatile long writingSince;

  /**
   * @param stdout where the messages go; a {@link PrintStream}'s swallowed errors are checked after
   *     each line
   */
  ServerOutput(OutputStream stdout, CallSignals calls) {
    this.stdout = stdout;
    this.calls = calls;
    this.writer = new Thread(this::writeLines, "dsh-mcp-stdout");
    this.writer.setDaemon(true);
    this.writer.start();
  }

  @Override
  public synchronized void write(int b) {
    if (b == '\n') {
      partial.write(b);
      queue(partial.toByteArray());
      partial.reset();
    } else {
      partial.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) {
    int start = offset;
    for (int i = offset; i < offset + length; i++) {
      if (bytes[i] == '\n') {
        partial.write(bytes, start, i + 1 - start);
        queue(partial.toByteArray());
        partial.reset();
        start = i + 1;
      }
    }
    partial.write(bytes, start, offset + length - start);
  }

  /** Nothing to do: the writer thread flushes each line it writes. */
  @Override
  public void flush() {}

  /** Completes with the reason once the output can carry no more messages. */
  CompletableFuture<String> failed() {
    return failed;
  }

  /** True while a write has been blocked longer than {@link #STALL}. */
  boolean stalled() {
    long since = writingSince;
    return since != 0 && System.nanoTime() - since > STALL.toNanos();
  }

  private void queue(byte[] line) {
    if (failed.isDone()) {
      return;
    }
    if (waiting.addAndGet(line.length) > MAX_WAITING_BYTES) {
      failed.complete(
          "the MCP client has not read the server's output ("
              + (MAX_WAITING_BYTES >> 20)
              + " MiB are waiting)");
      return;
    }
    lines.add(line);
  }

  private void writeLines() {
    try {
      while (!failed.isDone()) {
        byte[] line = lines.take();
        writingSince = System.nanoTime() | 1;
        stdout.write(line);
        stdout.flush();
        if (stdout instanceof PrintStream print && print.checkError()) {
          failed.complete("stdout could not be written");
          return;
        }
        writingSince = 0;
        waiting.addAndGet(-line.length);
        responseKey(line).ifPresent(calls::answered);
      }
    } catch (IOException e) {
      failed.complete("stdout could not be written (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The key of the request a response line answers (its {@code id} as JSON text), read from the
   * line's first members only: the SDK writes {@code jsonrpc}, then {@code id}, then {@code result}
   * or {@code error}.
   */
  static Optional<String> responseKey(byte[] line) {
    try (JsonParser parser = JSON.createParser(line)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return Optional.empty();
      }
      String id = null;
      boolean response = false;
      while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
        String name = parser.currentName();
        parser.nextToken();
        switch (name) {
          case "id" -> id = parser.readValueAsTree().toString();
          case "result", "error" -> response = true;
          case "method" -> {
            return Optional.empty();
          }
          default -> {
            // another member: skipped below
          }
        }
        if (id != null && response) {
          return Optional.of(id);
        }
        parser.skipChildren();
      }
      return Optional.empty();
    } catch (JacksonException e) {
      return Optional.empty();
    }
  }
}
