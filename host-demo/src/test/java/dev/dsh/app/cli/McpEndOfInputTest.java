package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.tool.WebSearchTool;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How {@code dsh mcp} ends: at the end of its input, the calls in flight are answered before it
 * exits; a client that never reads stdout cannot hold it; a stdout it cannot write is a failure,
 * not a clean end. Each test runs its own server process, spoken to in raw JSON-RPC lines.
 */
class McpEndOfInputTest {

  private static final Duration SOON = Duration.ofSeconds(120);
  private static final long SLOW_MILLIS = 1500;

  @TempDir Path dir;

  private SearchProStub stub;
  private Path home;
  private Map<String, String> env;

  @BeforeEach
  void installPlugin() {
    stub = SearchProStub.routing(request -> answer(request.body()));
    home = dir.resolve("home");
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    env = new HashMap<>();
    env.put("TENCENTCLOUD_WSA_APIKEY", "sk-test-end-of-input");
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  @AfterEach
  void stopStub() {
    stub.close();
  }

  /** "hold" is never answered; "slow" after {@link #SLOW_MILLIS}; anything else at once. */
  private static StubReply answer(String body) {
    if (body.contains("hold-query")) {
      return StubReply.hold();
    }
    if (body.contains("slow-query")) {
      try {
        Thread.sleep(SLOW_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return StubReply.json(
        SearchProAnswers.onePage(body.contains("slow-query") ? "slow-query" : "other"));
  }

  @Test
  void callsInFlightAtTheEndOfInputAreAnsweredThenTheServerExitsZero() throws Exception {
    try (McpClientProcess server = launch()) {
      initialize(server);
      CompletableFuture<JsonNode> slow = server.request("tools/call", callParams("slow-query"));
      CompletableFuture<JsonNode> held = server.request("tools/call", callParams("hold-query"));
      stub.awaitRequest(request -> request.body().contains("slow-query"), SOON);
      stub.awaitRequest(request -> request.body().contains("hold-query"), SOON);

      long start = System.nanoTime();
      server.endInput();
      int exit = server.awaitExit(SOON);
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(exit).as(String.join("\n", server.stderrLines())).isZero();
      JsonNode finished = slow.getNow(null);
      assertThat(finished).as("the call that finished within the grace").isNotNull();
      assertThat(finished.path("result").path("isError").asBoolean()).isFalse();
      assertThat(finished.path("result").path("structuredContent").path("sources").get(0).path("url").asString())
          .isEqualTo("https://example.com/slow-query");
      JsonNode aborted = held.getNow(null);
      assertThat(aborted).as("the call still running after the grace").isNotNull();
      assertThat(aborted.path("result").path("isError").asBoolean()).isTrue();
      assertThat(aborted.path("result").path("content").get(0).path("text").asString())
          .startsWith("Error: ")
          .containsIgnoringCase("abort");
      assertThat(stub.heldClosedByClient()).as("held connections the provider closed").isEqualTo(1);
      // the grace is 5 s: the held call was not aborted before it (bounds generous, not timings)
      assertThat(took).isGreaterThan(Duration.ofMillis(4500)).isLessThan(Duration.ofSeconds(15));
      System.out.printf("end of input to exit with a held call: %d ms%n", took.toMillis());
    }
  }

  @Test
  void aClientThatNeverReadsStdoutAndClosesStdinEndsTheServerAtOnceSayingSoInOneLine()
      throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command());
    builder.environment().clear();
    builder.environment().putAll(env);
    Process process = builder.start();
    List<String> err = pump(process);
    try (OutputStream stdin = process.getOutputStream()) {
      awaitBoot(err);
      stdin.write((initializeLine() + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n".getBytes(StandardCharsets.UTF_8));
      // one call held in flight, then answers (a few KiB each) far beyond what a pipe holds,
      // which nobody reads
      stdin.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
              + callParams("hold-query") + "}\n").getBytes(StandardCharsets.UTF_8));
      for (int i = 0; i < 400; i++) {
        stdin.write(("{\"jsonrpc\":\"2.0\",\"id\":" + (100 + i) + ",\"method\":\"tools/list\"}\n")
            .getBytes(StandardCharsets.UTF_8));
      }
      stdin.flush();
      stub.awaitRequest(request -> request.body().contains("hold-query"), SOON);
      Thread.sleep(1000);
      int before = err.size();
      long start = System.nanoTime();
      stdin.close();
      boolean exited = process.waitFor(SOON.toMillis(), TimeUnit.MILLISECONDS);
      Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(exited).as("exited; stderr:\n" + String.join("\n", err)).isTrue();
      System.out.printf("never-read stdout, stdin closed to exit: %d ms, exit %d%n", took.toMillis(), process.exitValue());
      // at once: not after the 5 s grace a call in flight gets from a client that reads
      assertThat(took).isLessThan(Duration.ofMillis(4500));
      Thread.sleep(200); // the last stderr lines
      List<String> after = List.copyOf(err.subList(before, err.size()));
      assertThat(problems(after))
          .as(String.join("\n", after))
          .containsExactly(
              "dsh: the MCP client does not read the server's output; 1 call was not answered");
      assertThat(process.exitValue()).isEqualTo(DshMain.INTERNAL);
      assertThat(err).noneMatch(line -> line.startsWith("\tat ") || line.contains("Exception"));
    } finally {
      process.destroyForcibly();
    }
  }

  @Test
  void aStdoutThatCannotBeWrittenEndsTheServerNonZeroWithOneLine() throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command());
    builder.environment().clear();
    builder.environment().putAll(env);
    builder.redirectOutput(new File("/dev/full"));
    Process process = builder.start();
    List<String> err = pump(process);
    try (OutputStream stdin = process.getOutputStream()) {
      stdin.write((initializeLine() + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
      // the input stays open: the client has not left
      boolean exited = process.waitFor(SOON.toMillis(), TimeUnit.MILLISECONDS);

      assertThat(exited).as("exited; stderr:\n" + String.join("\n", err)).isTrue();
      assertThat(process.exitValue()).isEqualTo(DshMain.INTERNAL);
      Thread.sleep(200);
      assertThat(problems(err))
          .containsExactly("dsh: stdout could not be written; the MCP session cannot go on");
      assertThat(err).noneMatch(line -> line.startsWith("\tat ") || line.contains("Exception"));
    } finally {
      process.destroyForcibly();
    }
  }

  /** The stderr lines other than the host's lifecycle lines. */
  private static List<String> problems(List<String> err) {
    return err.stream().filter(line -> !LIFECYCLE.matcher(line).find()).toList();
  }

  private static final Pattern LIFECYCLE =
      Pattern.compile("^dsh: ((loaded|unloaded) plugin|(applied|disposed) root)");

  /** Waits until the host has booted: its last row's lifecycle line. */
  private static void awaitBoot(List<String> err) throws InterruptedException {
    long deadline = System.nanoTime() + SOON.toNanos();
    while (err.stream().noneMatch(line -> line.contains("applied root/" + CliHarness.ROW_ID + " "))
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  private McpClientProcess launch() throws Exception {
    return McpClientProcess.launch(command(), env);
  }

  private List<String> command() throws Exception {
    return McpCommandTest.readmeCommand(McpCommandTest.launcher(dir), home);
  }

  private static List<String> pump(Process process) {
    List<String> lines = new CopyOnWriteArrayList<>();
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(
                      new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                  lines.add(line);
                }
              } catch (java.io.IOException e) {
                // the process ended
              }
            },
            "mcp-test-stderr");
    thread.setDaemon(true);
    thread.start();
    return lines;
  }

  private static void initialize(McpClientProcess server) throws Exception {
    JsonNode response =
        server.request("initialize", McpClientProcess.JSON.readTree(initializeLine()).get("params"))
            .get(SOON.toMillis(), TimeUnit.MILLISECONDS);
    assertThat(response.has("result")).isTrue();
    server.notify("notifications/initialized", McpClientProcess.JSON.createObjectNode());
  }

  private static String initializeLine() {
    return "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
        + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"mcp-test\",\"version\":\"1\"}}}";
  }

  private static ObjectNode callParams(String query) {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("name", WebSearchTool.NAME);
    params.putObject("arguments").putArray("queries").add(query);
    return params;
  }
}
