package dev.dsh.serve.mcp;

import static dev.dsh.serve.mcp.McpHttp.JSON;
import static dev.dsh.serve.mcp.McpHttp.SOON;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.host.tool.WebSearchTool.SearchProgress;
import dev.dsh.serve.testing.ServedHost;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code /mcp} with sessions, through the SDK's own client and raw JSON-RPC posts. One server for
 * the class (each test opens its own sessions), but for the test that closes it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpOverHttpTest {

  private SearchProStub stub;
  private ServedHost served;
  private McpHttp mcp;

  @BeforeAll
  void serve(@TempDir Path home) {
    stub = SearchProStub.routing(McpOverHttpTest::answer);
    served = ServedHost.start(home, stub.baseUrl(), "");
    mcp = new McpHttp(served);
  }

  @AfterAll
  void stop() {
    served.close();
    stub.close();
    assertThat(served.log()).noneMatch(line -> line.contains(ServedHost.KEY));
  }

  @Test
  void initializeAndToolsListGiveDshMcpsServerAndTool() {
    try (McpSyncClient client = mcp.client()) {
      assertThat(client.getServerInfo().name()).isEqualTo("dsh");
      assertThat(client.getServerCapabilities().tools()).isNotNull();
      // as on stdio: dsh sends no log messages, and refuses logging/setLevel
      assertThat(client.getServerCapabilities().logging()).isNull();
      assertThat(client.listTools().tools()).singleElement()
          .satisfies(tool -> assertThat(tool.name()).isEqualTo(WebSearchTool.NAME));
    }
    String session = mcp.initialize();
    JsonNode tool =
        McpHttp.messages(mcp.send(session, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":"
            + "\"tools/list\"}")).get(0).path("result").path("tools").get(0);

    assertThat(tool.path("description").asString()).isEqualTo(WebSearchTool.DESCRIPTION);
    assertThat(tool.get("inputSchema")).isEqualTo(JSON.readTree(WebSearchTool.schema()));
    assertThat(tool.get("outputSchema")).isEqualTo(JSON.readTree(McpWebSearchTool.OUTPUT_SCHEMA));
    assertThat(tool.path("annotations").path("readOnlyHint").asBoolean()).isTrue();
    assertThat(tool.path("annotations").path("destructiveHint").asBoolean(true)).isFalse();
    assertThat(tool.path("annotations").path("openWorldHint").asBoolean()).isTrue();
  }

  @Test
  void noLoggingCapabilityIsDeclaredAndSetLevelIsMethodNotFoundAsOnStdio() {
    HttpResponse<String> initialize = mcp.send(null, McpHttp.INITIALIZE);
    String session = initialize.headers().firstValue("Mcp-Session-Id").orElseThrow();
    mcp.send(session, McpHttp.INITIALIZED);
    HttpResponse<String> setLevel = mcp.send(session, McpHttp.SET_LEVEL);

    assertThat(McpHttp.messages(initialize).get(0).path("result").path("capabilities")
        .propertyNames()).containsExactly("tools");
    assertThat(setLevel.statusCode()).isEqualTo(200);
    JsonNode error = McpHttp.error(setLevel);
    assertThat(error.path("id").asInt()).isEqualTo(9);
    assertThat(error.path("error").path("code").asInt()).isEqualTo(-32601);
    assertThat(error.path("error").path("message").asString()).isEqualTo(McpHttp.NO_LOGGING);
  }

  @Test
  void aCallGivesTheToolsTextAndTheSourcesAsStructuredContent() throws Exception {
    CallToolResult result;
    try (McpSyncClient client = mcp.client()) {
      result = client.callTool(new CallToolRequest(WebSearchTool.NAME,
          Map.of("queries", List.of("alpha", "beta"))));
    }
    ToolResult expected = served.host().webSearchTool().orElseThrow()
        .call("{\"queries\": [\"alpha\", \"beta\"]}", AbortSignal.never(), SearchProgress.NONE)
        .toCompletableFuture().get(SOON.toMillis(), TimeUnit.MILLISECONDS);

    assertThat(result.isError()).isFalse();
    assertThat(((TextContent) result.content().get(0)).text())
        .isEqualTo(expected.text()).contains("Page alpha").doesNotContain(ServedHost.KEY);
    @SuppressWarnings("unchecked")
    Map<String, Object> structured = (Map<String, Object>) result.structuredContent();
    assertThat(JSON.valueToTree(structured).path("sources").findValuesAsString("url"))
        .containsExactly("https://example.com/alpha", "https://example.com/beta");
    assertThat(structured).containsEntry("truncated", false);
    assertThat(stub.searches()).extracting(McpOverHttpTest::query)
        .contains("alpha", "beta");
    assertThat(stub.searches())
        .allSatisfy(seen -> assertThat(seen.head()).contains("Bearer " + ServedHost.KEY));
  }

  @Test
  void aCallWithAProgressTokenGetsProgressOnItsOwnStreamInOrderBeforeItsResult() {
    // The wire, not the SDK client: its sync client runs each progress consumer on a thread of
    // its own, so the order they run in is not the order sent.
    String session = mcp.initialize();
    String call = McpHttp.call(7, "p-a", "p-b", "p-c")
        .replace("\"params\":{", "\"params\":{\"_meta\":{\"progressToken\":\"tok-7\"},");

    List<JsonNode> messages = McpHttp.messages(mcp.send(session, call));

    assertThat(messages).hasSize(4);
    List<JsonNode> progress = messages.subList(0, 3);
    assertThat(progress).extracting(m -> m.path("method").asString())
        .containsOnly("notifications/progress");
    assertThat(progress).extracting(m -> m.path("params").path("progressToken").asString())
        .containsOnly("tok-7");
    assertThat(progress).extracting(m -> m.path("params").path("progress").asDouble())
        .containsExactly(1.0, 2.0, 3.0);
    assertThat(progress).extracting(m -> m.path("params").path("total").asDouble())
        .containsOnly(3.0);
    assertThat(messages.get(3).path("id").asInt()).isEqualTo(7);
    assertThat(messages.get(3).path("result").path("isError").asBoolean(true)).isFalse();
  }

  @Test
  void aCancelledCallIsAbortedItsSearchClosedAndItGetsNoResponse() throws Exception {
    String session = mcp.initialize();
    CompletableFuture<HttpResponse<String>> held = mcp.sendAsync(session, McpHttp.call(7, "held"));
    stub.awaitRequest(request -> query(request).equals("held"), SOON);

    HttpResponse<String> cancelled = mcp.send(session, McpHttp.cancel(7));
    stub.awaitHeldClosedByClient(1, SOON);
    HttpResponse<String> call = held.get(SOON.toMillis(), TimeUnit.MILLISECONDS);

    assertThat(cancelled.statusCode()).isEqualTo(202);
    assertThat(call.statusCode()).isEqualTo(200);
    assertThat(McpHttp.messages(call)).noneMatch(message -> message.has("result"));
    // the session goes on
    assertThat(McpHttp.messages(mcp.send(session, McpHttp.ping(8)))).singleElement()
        .satisfies(pong -> assertThat(pong.has("result")).isTrue());
  }

  @Test
  void aCancellationNamesACallOfItsOwnSessionOnly() throws Exception {
    stub.holdAnswers();
    String one = mcp.initialize();
    String other = mcp.initialize();
    CompletableFuture<HttpResponse<String>> held = mcp.sendAsync(one, McpHttp.call(7, "mine"));
    stub.awaitRequest(request -> query(request).equals("mine"), SOON);

    assertThat(mcp.send(other, McpHttp.cancel(7)).statusCode()).isEqualTo(202);
    stub.release();
    JsonNode answer = McpHttp.messages(held.get(SOON.toMillis(), TimeUnit.MILLISECONDS)).get(0);

    assertThat(answer.path("result").path("isError").asBoolean(true)).isFalse();
    assertThat(answer.path("result").path("content").get(0).path("text").asString())
        .contains("Page mine");
  }

  @Test
  void twoSessionsSearchAtOnce() throws Exception {
    stub.holdAnswers();
    try (McpSyncClient first = mcp.client();
        McpSyncClient second = mcp.client()) {
      CompletableFuture<CallToolResult> one = CompletableFuture.supplyAsync(() -> first.callTool(
          new CallToolRequest(WebSearchTool.NAME, Map.of("queries", List.of("one")))));
      CompletableFuture<CallToolResult> two = CompletableFuture.supplyAsync(() -> second.callTool(
          new CallToolRequest(WebSearchTool.NAME, Map.of("queries", List.of("two")))));
      stub.awaitRequest(request -> query(request).equals("one"), SOON);
      // both searched while neither is answered: the sessions' calls run at once
      stub.awaitRequest(request -> query(request).equals("two"), SOON);
      stub.release();

      assertThat(text(one.get(SOON.toMillis(), TimeUnit.MILLISECONDS))).contains("Page one")
          .doesNotContain("Page two");
      assertThat(text(two.get(SOON.toMillis(), TimeUnit.MILLISECONDS))).contains("Page two")
          .doesNotContain("Page one");
    }
  }

  @Test
  void closingTheServerAnswersTheCallsInFlight(@TempDir Path ownHome) throws Exception {
    try (SearchProStub stub = SearchProStub.routing(McpOverHttpTest::answer);
        ServedHost served = ServedHost.start(ownHome, stub.baseUrl(), "")) {
      McpHttp mcp = new McpHttp(served);
      String session = mcp.initialize();
      CompletableFuture<HttpResponse<String>> held =
          mcp.sendAsync(session, McpHttp.call(3, "held"));
      stub.awaitRequest(request -> query(request).equals("held"), SOON);

      served.server().close();
      JsonNode answer = McpHttp.messages(held.get(SOON.toMillis(), TimeUnit.MILLISECONDS)).get(0);

      assertThat(answer.path("id").asInt()).isEqualTo(3);
      assertThat(answer.path("result").path("isError").asBoolean()).isTrue();
      assertThat(answer.path("result").path("content").get(0).path("text").asString())
          .startsWith("Error: ").contains("aborted");
      stub.awaitHeldClosedByClient(1, SOON);
    }
  }

  private static String text(CallToolResult result) {
    return ((TextContent) result.content().get(0)).text();
  }

  /** A query starting with {@code held} is never answered; any other gets one page about it. */
  static StubReply answer(StubRequest request) {
    String query = query(request);
    return query.startsWith("held")
        ? StubReply.hold()
        : StubReply.json(SearchProAnswers.onePage(query));
  }

  /** The query of a search the stub saw. */
  static String query(StubRequest request) {
    Matcher query = Pattern.compile("\"Query\"\\s*:\\s*\"([^\"]+)\"").matcher(request.body());
    return query.find() ? query.group(1) : "";
  }
}
