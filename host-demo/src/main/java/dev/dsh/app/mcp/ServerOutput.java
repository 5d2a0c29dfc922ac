package dev.dsh.app.mcp;

import dev.dsh.host.json.Json;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Where the SDK and {@link StdinRelay} write messages (each ended by a flush), and the one thread
 * owning stdout: writers only queue, so a client not reading stdout never blocks the relay.
 */
final class ServerOutput extends ByteArrayOutputStream {

  static final Duration STALL = Duration.ofMillis(500);

  private final OutputStream stdout;
  private final CallSignals calls;
  private final LinkedBlockingQueue<byte[]> lines = new LinkedBlockingQueue<>();
  private final CompletableFuture<String> failed = new CompletableFuture<>();
  private volatile long writingSince;

  ServerOutput(OutputStream stdout, CallSignals calls) {
    this.stdout = stdout;
    this.calls = calls;
    Thread writer = new Thread(this::writeLines, "dsh-mcp-stdout");
    writer.setDaemon(true);
    writer.start();
  }

  /** Ends a message (every writer flushes after each, under this stream's lock). */
  @Override
  public synchronized void flush() {
    byte[] line = toByteArray();
    reset();
    if (line.length == 0 || failed.isDone()) {
      return;
    }
    lines.add(line);
  }

  CompletableFuture<String> failed() {
    return failed;
  }

  /** True while a write has been blocked over {@link #STALL}: the client is not reading. */
  boolean stalled() {
    long since = writingSince;
    return since != 0 && System.nanoTime() - since > STALL.toNanos();
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
