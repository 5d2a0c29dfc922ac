package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dsh mcp} survives every line a client can send: a line that is JSON but no message the
 * SDK can take, bad {@code params}, an unknown tool or method, a line over the size limit. Each
 * request is answered with its JSON-RPC error (the exact answer is asserted), each malformed
 * notification or response is dropped with one stderr line, and the SDK's session goes on: a
 * {@code tools/list}, which the SDK itself answers, is answered after every line. One server
 * process, initialized once, takes the whole table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
class McpHostileLinesTest {

  private static final Duration SOON = Duration.ofSeconds(120);
  private static final String BAD_ID = "Invalid Request: \"id\" must be a string or a 64-bit integer";
  private static final String BAD_VERSION = "Invalid Request: \"jsonrpc\" must be \"2.0\"";
  private static final String OVER_LIMIT =
      "Invalid Request: the message is over the 16 MiB limit (16777216 bytes a line) and was skipped";
  private static final int SEVENTEEN_MIB = 17 * 1024 * 1024;

  private Path dir;
  private McpClientProcess server;

  @BeforeAll
  void startAndInitialize(@TempDir Path dir) throws Exception {
    this.dir = dir;
    server = launch("table");
    JsonNode initialized = await(server.request("initialize", initializeParams()));
    server.notify("notifications/initialized", McpClientProcess.JSON.createObjectNode());
    assertThat(initialized.path("result").path("serverInfo").path("name").asString()).isEqualTo("dsh");
    JsonNode capabilities = initialized.path("result").path("capabilities");
    assertThat(capabilities.has("tools")).as(capabilities.toString()).isTrue();
    assertThat(capabilities.has("logging")).as("dsh sends no log messages").isFalse();
  }

  @AfterAll
  void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  /** A request line, and the id, code and message of its answer. */
  static Stream<Arguments> requests() {
    return Stream.of(
        Arguments.of("{\"id\":1001,\"method\":\"tools/list\"}", "1001", -32600, BAD_VERSION),
        Arguments.of("{\"jsonrpc\":\"1.0\",\"id\":1002,\"method\":\"tools/list\"}", "1002", -32600, BAD_VERSION),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}", "null", -32600, BAD_ID),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"tools/list\"}", "null", -32600, BAD_ID),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"tools/list\"}", "null", -32600, BAD_ID),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":{\"n\":1},\"method\":\"tools/list\"}", "null", -32600, BAD_ID),
        Arguments.of(
            "{\"jsonrpc\":\"2.0\",\"id\":123456789012345678901234567890,\"method\":\"tools/list\"}",
            "null", -32600, BAD_ID),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1008,\"method\":null}", "1008", -32600,
            "Invalid Request: \"method\" must be a string"),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":1009}", "1009", -32600,
            "Invalid Request: not a JSON-RPC request, notification or response"),
        Arguments.of("[1, 2]", "null", -32600,
            "Invalid Request: a message is one JSON object (batches are not supported)"),
        Arguments.of("this is not json", "null", -32700, "Parse error: the message is not JSON (UTF-8)"),
        Arguments.of("[".repeat(600) + "]".repeat(600), "null", -32700,
            "Parse error: the JSON nests deeper than 500 levels, or holds a number over 1000 digits"
                + " or a name over 50000 characters"),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":\"h-1\",\"method\":\"tools/call\"}", "\"h-1\"", -32602,
            "Invalid params: \"params\" is required for tools/call"),
        Arguments.of(call("\"h-2\"", "[1]"), "\"h-2\"", -32602, "Invalid params: \"params\" must be an object"),
        Arguments.of(call("\"h-3\"", "{\"name\":\"web_search\",\"arguments\":\"queries\"}"), "\"h-3\"", -32602,
            "Invalid params: \"params.arguments\" must be an object"),
        Arguments.of(call("\"h-4\"", "{\"name\":\"web_search\",\"arguments\":[\"a\"]}"), "\"h-4\"", -32602,
            "Invalid params: \"params.arguments\" must be an object"),
        Arguments.of(
            call("\"h-5\"", "{\"name\":\"web_search\",\"arguments\":{\"queries\":[\"a\"]},\"_meta\":\"m\"}"),
            "\"h-5\"", -32602, "Invalid params: \"params._meta\" must be an object"),
        Arguments.of(call("\"h-6\"", "{\"arguments\":{}}"), "\"h-6\"", -32602,
            "Invalid params: \"params.name\" is required"),
        Arguments.of(call("\"h-7\"", "{\"name\":\"no_such_tool\",\"arguments\":{}}"), "\"h-7\"", -32602,
            "Invalid params: unknown tool \"no_such_tool\" (dsh offers \"web_search\")"),
        Arguments.of(
            "{\"jsonrpc\":\"2.0\",\"id\":\"h-8\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":\"x\",\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
            "\"h-8\"", -32602, "Invalid params: \"params.capabilities\" must be an object"),
        Arguments.of(
            "{\"jsonrpc\":\"2.0\",\"id\":\"h-10\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\"}}}",
            "\"h-10\"", -32602, "Invalid params: \"params.clientInfo.version\" is required"),
        Arguments.of(
            "{\"jsonrpc\":\"2.0\",\"id\":\"h-9\",\"method\":\"logging/setLevel\",\"params\":{\"level\":\"debug\"}}",
            "\"h-9\"", -32601,
            "Method not found: logging/setLevel (dsh does not offer the logging capability)"));
  }

  @ParameterizedTest
  @MethodSource("requests")
  void aBadRequestIsAnsweredAndTheSessionGoesOn(String line, String id, int code, String message)
      throws Exception {
    assertThat(answersTo(line)).containsExactly(error(id, code, message));
  }

  /** A notification or response line, and the one stderr line that reports it dropped. */
  static Stream<Arguments> unanswerable() {
    return Stream.of(
        Arguments.of("{\"jsonrpc\":\"2.0\",\"result\":{}}",
            "dsh: dropped a response: \"id\" must be a string or a 64-bit integer"),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":2001,\"error\":\"boom\"}",
            "dsh: dropped a response: \"error\" must be an object with an integer \"code\" and a string \"message\""),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"id\":2002,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
            "dsh: dropped a response: it must hold one of \"result\" and \"error\""),
        Arguments.of("{\"jsonrpc\":\"2.0\",\"method\":null}",
            "dsh: dropped a notification: \"method\" must be a string"),
        Arguments.of("{\"jsonrpc\":\"1.0\",\"method\":\"notifications/initialized\"}",
            "dsh: dropped a notification: \"jsonrpc\" must be \"2.0\""));
  }

  @ParameterizedTest
  @MethodSource("unanswerable")
  void aBadNotificationOrResponseIsDroppedWithOneStderrLine(String line, String reported)
      throws Exception {
    assertThat(answersTo(line)).isEmpty();
    long deadline = System.nanoTime() + SOON.toNanos();
    while (!server.stderrLines().contains(reported) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(server.stderrLines()).filteredOn(reported::equals).hasSize(1);
  }

  @Test
  void aCallOverTheLimitIsAnsweredWithItsIdWithoutEndingTheSession() throws Exception {
    String queries = "x".repeat(SEVENTEEN_MIB);
    String line = call("\"big\"", "{\"name\":\"web_search\",\"arguments\":{\"queries\":[\"" + queries + "\"]}}");

    assertThat(answersTo(line)).containsExactly(error("\"big\"", -32600, OVER_LIMIT));
  }

  @Test
  void aLineOverTheLimitThatIsNotJsonIsAnsweredWithoutEndingTheSession() throws Exception {
    assertThat(answersTo("{" + "x".repeat(SEVENTEEN_MIB))).containsExactly(error("null", -32600, OVER_LIMIT));
  }

  @Test
  @Order(Integer.MAX_VALUE)
  void stderrHoldsNoStackTraceAndNoClassName() {
    assertThat(server.stderrLines())
        .isNotEmpty()
        .allSatisfy(line -> assertThat(line).startsWith("dsh: "))
        .noneMatch(line -> line.contains("Exception") || line.contains("\tat ")
            || line.contains("io.modelcontextprotocol") || line.contains("tools.jackson")
            || line.contains("java."));
  }

  /**
   * Sends {@code line}, then a {@code tools/list}, and returns the messages that came back before
   * the list: the list's answer proves the SDK's session is still serving.
   */
  private List<JsonNode> answersTo(String line) throws Exception {
    int before = server.unmatched().size();
    server.send(line);
    JsonNode tools = await(server.request("tools/list", McpClientProcess.JSON.createObjectNode()));
    assertThat(tools.path("result").path("tools").get(0).path("name").asString()).isEqualTo("web_search");
    List<JsonNode> unmatched = server.unmatched();
    return unmatched.subList(before, unmatched.size());
  }

  private McpClientProcess launch(String name) throws Exception {
    Path home = dir.resolve(name).resolve("home");
    CliHarness.installPlugin(home, "http://127.0.0.1:9", "");
    Map<String, String> env = new HashMap<>();
    env.put("TENCENTCLOUD_WSA_APIKEY", "sk-canary-hostile-5d1e");
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    Path dsh = McpCommandTest.launcher(Files.createDirectories(dir.resolve(name)));
    return McpClientProcess.launch(McpCommandTest.readmeCommand(dsh, home), env);
  }

  private static String call(String id, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":" + params + "}";
  }

  static JsonNode error(String id, int code, String message) {
    ObjectNode error = McpClientProcess.JSON.createObjectNode().put("jsonrpc", "2.0");
    error.set("id", McpClientProcess.JSON.readTree(id));
    error.putObject("error").put("code", code).put("message", message);
    return error;
  }

  private static ObjectNode initializeParams() {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
    params.putObject("capabilities");
    params.putObject("clientInfo").put("name", "mcp-hostile-test").put("version", "1");
    return params;
  }

  private static JsonNode await(CompletableFuture<JsonNode> response) throws Exception {
    return response.get(SOON.toMillis(), TimeUnit.MILLISECONDS);
  }
}
