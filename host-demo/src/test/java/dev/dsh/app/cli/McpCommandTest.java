package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.tool.WebSearchTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dsh mcp} as an MCP client runs it: a real subprocess started from the README's client
 * configuration, spoken to in JSON-RPC over its stdin and stdout, searching a loopback stub through
 * the real plugin jar. One server process serves every test (they run in order; the last two
 * remove the jar and end the input).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
class McpCommandTest {

  private static final Duration SOON = Duration.ofSeconds(120);
  private static final String CANARY = "sk-canary-mcp-7f3a9c";
  private static final String PLUGIN_JAR = CliHarness.PLUGIN_ID + ".jar";

  private Path dir;

  private final CountDownLatch pairInFlight = new CountDownLatch(2);
  private SearchProStub stub;
  private Path home;
  private Map<String, String> env;
  private McpClientProcess server;

  @BeforeAll
  void startServer(@TempDir Path dir) throws Exception {
    this.dir = dir;
    stub = SearchProStub.routing(request -> answer(request.body()));
    home = dir.resolve("home");
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    env = new HashMap<>();
    env.put("TENCENTCLOUD_WSA_APIKEY", CANARY);
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    server = McpClientProcess.launch(readmeCommand(launcher(dir), home), env);
  }

  @AfterAll
  void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
    if (stub != null) {
      stub.close();
    }
  }

  /** The stub's routes, by the query in the SearchPro request body. */
  private StubReply answer(String body) {
    if (body.contains("hold-query")) {
      return StubReply.hold();
    }
    if (body.contains("fail-query")) {
      return StubReply.json(
          "{\"Response\":{\"RequestId\":\"r-f\",\"Error\":{\"Code\":\"UnauthorizedOperation\","
          + "\"Message\":\"the key may not call SearchPro\"}}}");
    }
    if (body.contains("pair-")) {
      // answered only once both calls of the pair are being searched at the same time
      pairInFlight.countDown();
      try {
        pairInFlight.await(SOON.toSeconds(), TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    Matcher query = Pattern.compile("\"Query\"\\s*:\\s*\"([^\"]+)\"").matcher(body);
    return StubReply.json(SearchProAnswers.onePage(query.find() ? query.group(1) : "unknown"));
  }

  @Test
  @Order(1)
  void initializeNamesTheServerAndItsToolsCapability() throws Exception {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
    params.putObject("capabilities");
    params.putObject("clientInfo").put("name", "mcp-test").put("version", "1");
    JsonNode response = await(server.request("initialize", params));
    server.notify("notifications/initialized", McpClientProcess.JSON.createObjectNode());

    JsonNode result = response.get("result");
    assertThat(result.path("serverInfo").path("name").asString()).isEqualTo("dsh");
    assertThat(result.path("protocolVersion").asString()).isEqualTo("2025-06-18");
    assertThat(result.path("capabilities").has("tools")).isTrue();
  }

  @Test
  @Order(2)
  void theToolListHoldsWebSearchAsDshToolDescribesIt() throws Exception {
    JsonNode tool = onlyTool();
    CliHarness.Result schema = CliHarness.run(home, env, "", "tool", "web_search", "--schema");

    assertThat(tool.path("name").asString()).isEqualTo(WebSearchTool.NAME);
    assertThat(tool.path("description").asString()).isEqualTo(WebSearchTool.DESCRIPTION);
    assertThat(tool.get("inputSchema")).isEqualTo(McpClientProcess.JSON.readTree(schema.out()));
    assertThat(tool.path("annotations").path("readOnlyHint").asBoolean()).isTrue();
    assertThat(tool.path("annotations").path("openWorldHint").asBoolean()).isTrue();
    assertThat(tool.path("outputSchema").path("properties").has("sources")).isTrue();
  }

  @Test
  @Order(3)
  void aCallGivesDshToolsTextAndTheSourcesAsStructuredContent() throws Exception {
    String arguments = "{\"queries\": [\"alpha\", \"beta\"]}";
    JsonNode result = call(arguments);
    CliHarness.Result expected = CliHarness.run(home, env, "", "tool", "web_search", arguments);

    assertThat(expected.exit()).isZero();
    assertThat(result.path("isError").asBoolean()).isFalse();
    assertThat(text(result)).isEqualTo(expected.out().stripTrailing()).contains("Page alpha");
    JsonNode structured = result.get("structuredContent");
    assertThat(urls(structured))
        .containsExactly("https://example.com/alpha", "https://example.com/beta");
    assertThat(structured.path("sources").get(0).path("title").asString()).isEqualTo("Page alpha");
    assertThat(structured.path("truncated").asBoolean()).isFalse();
    assertThat(stub.requests())
        .anySatisfy(seen -> assertThat(seen.head()).contains("Bearer " + CANARY));
  }

  @Test
  @Order(4)
  void aFailedSearchIsAToolResultWithIsError() throws Exception {
    String arguments = "{\"queries\": [\"fail-query\"]}";
    JsonNode result = call(arguments);
    CliHarness.Result expected = CliHarness.run(home, env, "", "tool", "web_search", arguments);

    assertThat(expected.exit()).isEqualTo(DshMain.WEB_ERROR);
    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(text(result))
        .isEqualTo(expected.out().stripTrailing())
        .startsWith("Error: ")
        .contains("the key may not call SearchPro");
    assertThat(result.has("structuredContent")).isFalse();
  }

  @Test
  @Order(4)
  void siteAndFreshnessOfACallReachTheService() throws Exception {
    JsonNode result =
        call("{\"queries\": [\"filtered-mcp\"], \"site\": \"www.gov.cn\", \"freshness\": \"week\"}");

    assertThat(result.path("isError").asBoolean()).as(text(result)).isFalse();
    assertThat(stub.requests())
        .filteredOn(seen -> seen.body().contains("filtered-mcp"))
        .singleElement()
        .satisfies(
            seen ->
                assertThat(McpClientProcess.JSON.readTree(seen.body()))
                    .isEqualTo(
                        McpClientProcess.JSON.readTree(
                            "{\"Query\":\"filtered-mcp\",\"Cnt\":10,\"Site\":\"www.gov.cn\","
                                + "\"Freshness\":\"d7\"}")));
  }

  @Test
  @Order(5)
  void argumentsThatBreakTheSchemaAreAnsweredByNamingTheField() throws Exception {
    JsonNode wrongType = call("{\"queries\": \"alpha\"}");
    JsonNode unknown = call("{\"query\": [\"alpha\"]}");
    JsonNode missing = call("{}");

    assertThat(wrongType.path("isError").asBoolean()).isTrue();
    assertThat(text(wrongType)).startsWith("Error: ").contains("\"queries\" must be an array");
    assertThat(text(unknown)).startsWith("Error: ").contains("unknown property \"query\"");
    assertThat(text(missing)).startsWith("Error: ").contains("\"queries\" is required");
  }

  @Test
  @Order(6)
  void aLineThatIsNoMessageIsAnsweredAndTheSessionGoesOn() throws Exception {
    server.send("this is not json");
    server.send("[1, 2]");
    JsonNode ping = await(server.request("ping", McpClientProcess.JSON.createObjectNode()));

    assertThat(ping.has("result")).isTrue();
    assertThat(server.unmatched())
        .extracting(message -> message.path("error").path("code").asInt())
        .contains(-32700, -32600);
  }

  @Test
  @Order(7)
  void aCancelledCallGetsNoResponseAndItsSearchIsAbortedAndItsConnectionClosed() throws Exception {
    int id = server.nextId();
    CompletableFuture<JsonNode> held = server.request("tools/call", callParams("{\"queries\": [\"hold-query\"]}"));
    stub.awaitRequest(request -> request.body().contains("hold-query"), SOON);
    ObjectNode cancel = McpClientProcess.JSON.createObjectNode().put("requestId", id);
    cancel.put("reason", "the user gave up");
    server.notify("notifications/cancelled", cancel);

    long deadline = System.nanoTime() + SOON.toNanos();
    while (stub.heldClosedByClient() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(stub.heldClosedByClient()).as("held connections the provider closed").isEqualTo(1);
    // a while after the abort, then a ping: the session goes on, and the cancelled call has still
    // not been answered
    Thread.sleep(500);
    JsonNode ping = await(server.request("ping", McpClientProcess.JSON.createObjectNode()));
    assertThat(ping.has("result")).isTrue();
    assertThat(held).isNotDone();
    assertThat(server.stdoutLines())
        .noneMatch(line -> McpClientProcess.JSON.readTree(line).path("id").asInt(-1) == id);
  }

  @Test
  @Order(8)
  void twoCallsRunAtOnce() throws Exception {
    CompletableFuture<JsonNode> first = server.request("tools/call", callParams("{\"queries\": [\"pair-one\"]}"));
    CompletableFuture<JsonNode> second = server.request("tools/call", callParams("{\"queries\": [\"pair-two\"]}"));

    JsonNode one = await(first).get("result");
    JsonNode two = await(second).get("result");
    assertThat(pairInFlight.getCount()).as("calls of the pair not searched at once").isZero();
    assertThat(urls(one.get("structuredContent"))).containsExactly("https://example.com/pair-one");
    assertThat(urls(two.get("structuredContent"))).containsExactly("https://example.com/pair-two");
  }

  @Test
  @Order(9)
  void aCallWithAProgressTokenGetsAProgressNotificationAsEachQueryEnds() throws Exception {
    int id = server.nextId();
    ObjectNode params = callParams("{\"queries\": [\"prog-a\", \"prog-b\", \"prog-c\"]}");
    params.putObject("_meta").put("progressToken", "tok-7");
    JsonNode result = await(server.request("tools/call", params)).get("result");

    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    List<JsonNode> lines =
        server.stdoutLines().stream().map(line -> McpClientProcess.JSON.readTree(line)).toList();
    List<JsonNode> progress =
        lines.stream()
            .filter(line -> line.path("method").asString("").equals("notifications/progress"))
            .toList();
    assertThat(progress)
        .as("progress of this call only: the calls before it sent no token")
        .allSatisfy(line -> assertThat(line.path("params").path("progressToken").asString()).isEqualTo("tok-7"));
    assertThat(progress).extracting(line -> line.path("params").path("progress").asInt())
        .containsExactly(1, 2, 3);
    assertThat(progress).extracting(line -> line.path("params").path("total").asInt())
        .containsExactly(3, 3, 3);
    int response = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).path("id").asInt(-1) == id) {
        response = i;
      }
    }
    assertThat(lines.indexOf(progress.get(2))).as("the last progress comes before the response").isLessThan(response);
  }

  @Test
  @Order(90)
  void aJarRemovedUnderItChangesTheNextCallNotTheToolList() throws Exception {
    Files.delete(home.resolve("plugins").resolve(PLUGIN_JAR));
    long deadline = System.nanoTime() + SOON.toNanos();
    while (server.stderrLines().stream().noneMatch(line -> line.contains("unloaded plugin"))
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(server.stderrLines()).anyMatch(line -> line.contains("unloaded plugin"));

    JsonNode tool = onlyTool();
    JsonNode result = call("{\"queries\": [\"alpha\"]}");
    assertThat(tool.path("name").asString()).isEqualTo(WebSearchTool.NAME);
    assertThat(result.path("isError").asBoolean()).isTrue();
    assertThat(text(result)).isEqualTo("Error: no web provider is registered; install and enable a web search plugin");
  }

  @Test
  @Order(100)
  void aJarAddedBackServesTheNextCallThenEndOfInputExitsZeroAndNoOutputHoldsTheKey()
      throws Exception {
    // a call in flight at the end of input is McpEndOfInputTest's
    Files.copy(CliHarness.pluginJar(), home.resolve("plugins").resolve(PLUGIN_JAR));
    long deadline = System.nanoTime() + SOON.toNanos();
    String applied = "applied root/" + CliHarness.ROW_ID + " ";
    while (server.stderrLines().stream().filter(line -> line.contains(applied)).count() < 2
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    JsonNode result = call("{\"queries\": [\"back\"]}");
    assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
    assertThat(urls(result.get("structuredContent"))).containsExactly("https://example.com/back");

    server.endInput();
    int exit = server.awaitExit(SOON);

    assertThat(exit).as(String.join("\n", server.stderrLines())).isZero();
    assertThat(server.stdoutLines())
        .isNotEmpty()
        .allSatisfy(line -> assertThat(McpClientProcess.JSON.readTree(line).path("jsonrpc").asString()).isEqualTo("2.0"));
    List<String> everything = new ArrayList<>(server.stdoutLines());
    everything.addAll(server.stderrLines());
    assertThat(everything).noneMatch(line -> line.contains(CANARY));
    assertThat(server.stderrLines()).anyMatch(line -> line.contains("disposed root"));
  }

  private JsonNode onlyTool() throws Exception {
    JsonNode tools = await(server.request("tools/list", McpClientProcess.JSON.createObjectNode()))
        .path("result").path("tools");
    assertThat(tools.size()).isEqualTo(1);
    return tools.get(0);
  }

  private JsonNode call(String arguments) throws Exception {
    return await(server.request("tools/call", callParams(arguments))).get("result");
  }

  private static ObjectNode callParams(String arguments) {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("name", WebSearchTool.NAME);
    params.set("arguments", McpClientProcess.JSON.readTree(arguments));
    return params;
  }

  private static JsonNode await(CompletableFuture<JsonNode> response) throws Exception {
    return response.get(SOON.toMillis(), TimeUnit.MILLISECONDS);
  }

  private static String text(JsonNode result) {
    JsonNode content = result.path("content");
    assertThat(content.size()).isEqualTo(1);
    assertThat(content.get(0).path("type").asString()).isEqualTo("text");
    return content.get(0).path("text").asString();
  }

  private static List<String> urls(JsonNode structured) {
    return StreamSupport.stream(structured.path("sources").spliterator(), false)
        .map(source -> source.path("url").asString())
        .toList();
  }

  /** A {@code dsh} in {@code dir} for this build: the launcher's java command, on the class path. */
  static Path launcher(Path dir) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classpath = System.getProperty("dsh.test.classpath");
    Path script = dir.resolve("dsh");
    Files.writeString(
        script,
        "#!/bin/sh\nexec '" + java + "' -cp '" + classpath + "' dev.dsh.app.cli.DshMain \"$@\"\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    return script;
  }

  /** The README's MCP client configuration with its two placeholders filled in. */
  static List<String> readmeCommand(Path dsh, Path home) throws IOException {
    String readme = Files.readString(Path.of(System.getProperty("dsh.test.readme")));
    Matcher block = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    String template = null;
    while (block.find()) {
      if (block.group(1).contains("\"mcp\"")) {
        template = block.group(1);
        break;
      }
    }
    assertThat(template).as("the README's MCP client configuration").isNotNull();
    String filled =
        template
            .replace("<path to dsh>", dsh.toString().replace("\\", "\\\\"))
            .replace("<home>", home.toString().replace("\\", "\\\\"));
    JsonNode entry = McpClientProcess.JSON.readTree(filled).path("mcpServers").path("dsh-web-search");
    List<String> command = new ArrayList<>();
    command.add(entry.path("command").asString());
    entry.path("args").forEach(arg -> command.add(arg.asString()));
    assertThat(command).containsExactly(dsh.toString(), "--home", home.toString(), "mcp");
    return command;
  }
}
