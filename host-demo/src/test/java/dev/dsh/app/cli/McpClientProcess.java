package dev.dsh.app.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A plain JSON-RPC client of an MCP server running as a subprocess: one message a line on its
 * stdin and stdout, responses matched to requests by id. Every stdout and stderr line is kept.
 */
final class McpClientProcess implements AutoCloseable {

  static final JsonMapper JSON = JsonMapper.builder().build();

  private final Process process;
  private final OutputStream stdin;
  private final List<String> out = new CopyOnWriteArrayList<>();
  private final List<String> err = new CopyOnWriteArrayList<>();
  private final List<JsonNode> unmatched = new CopyOnWriteArrayList<>();
  private final Map<String, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final AtomicInteger ids = new AtomicInteger();

  private McpClientProcess(Process process) {
    this.process = process;
    this.stdin = process.getOutputStream();
    pump(process.getInputStream(), "mcp-test-stdout", this::onMessageLine);
    pump(process.getErrorStream(), "mcp-test-stderr", err::add);
  }

  /** Starts {@code command} with {@code env} as its whole environment. */
  static McpClientProcess launch(List<String> command, Map<String, String> env) {
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().clear();
    builder.environment().putAll(env);
    try {
      return new McpClientProcess(builder.start());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends a request; the future completes with the whole response message. */
  CompletableFuture<JsonNode> request(String method, JsonNode params) {
    int id = ids.incrementAndGet();
    CompletableFuture<JsonNode> response = new CompletableFuture<>();
    pending.put(String.valueOf(id), response);
    ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id);
    message.put("method", method).set("params", params);
    send(JSON.writeValueAsString(message));
    return response;
  }

  /** The id the next {@link #request} will carry. */
  int nextId() {
    return ids.get() + 1;
  }

  void notify(String method, JsonNode params) {
    ObjectNode message = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", method);
    message.set("params", params);
    send(JSON.writeValueAsString(message));
  }

  /** Writes one line as is. */
  synchronized void send(String line) {
    try {
      stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("the server no longer reads its input", e);
    }
  }

  void endInput() throws IOException {
    stdin.close();
  }

  /** The exit code, waiting at most {@code bound}. */
  int awaitExit(Duration bound) throws InterruptedException {
    if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
      throw new AssertionError("the server did not exit within " + bound + "; stderr:\n" + String.join("\n", err));
    }
    return process.exitValue();
  }

  /** Messages that answered no pending request (such as errors with a null id). */
  List<JsonNode> unmatched() {
    return List.copyOf(unmatched);
  }

  List<String> stdoutLines() {
    return List.copyOf(out);
  }

  List<String> stderrLines() {
    return List.copyOf(err);
  }

  private void onMessageLine(String line) {
    out.add(line);
    JsonNode message;
    try {
      message = JSON.readTree(line);
    } catch (RuntimeException e) {
      unmatched.add(JSON.createObjectNode().put("notJson", line));
      return;
    }
    JsonNode id = message.get("id");
    CompletableFuture<JsonNode> waiting =
        id == null || id.isNull() ? null : pending.remove(id.asString());
    if (waiting != null) {
      waiting.complete(message);
    } else {
      unmatched.add(message);
    }
  }

  private static void pump(InputStream stream, String name, Consumer<String> lines) {
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                  lines.accept(line);
                }
              } catch (IOException e) {
                // the process ended
              }
            },
            name);
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      try {
        stdin.close();
      } catch (IOException e) {
        // already closed
      }
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    }
  }
}
