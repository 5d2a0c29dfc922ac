package dev.dsh.serve.mcp;

import static dev.dsh.serve.mcp.McpHttp.SOON;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.serve.ServeOptions;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code /mcp} with {@code --stateless}: no session, so no cancellation. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpStatelessTest {

  private SearchProStub stub;
  private ServedHost served;
  private McpHttp mcp;

  @BeforeAll
  void serve(@TempDir Path home) {
    stub = SearchProStub.routing(McpOverHttpTest::answer);
    served = ServedHost.start(home, stub.baseUrl(), "", options -> new ServeOptions(options.bind(),
        options.port(), true, options.tokenFile(), options.tlsKeystore(), options.accessLog(),
        options.drainDeadline(), options.maxSessions(), options.sessionIdle(), List.of(), List.of()));
    mcp = new McpHttp(served);
  }

  @AfterAll
  void stop() {
    served.close();
    stub.close();
  }

  @Test
  void theSdksClientListsAndCallsTheToolWithoutASession() {
    HttpResponse<String> initialize = mcp.send(null, McpHttp.INITIALIZE);
    assertThat(initialize.statusCode()).isEqualTo(200);
    assertThat(initialize.headers().firstValue("Mcp-Session-Id")).isEmpty();

    try (McpSyncClient client = mcp.client()) {
      assertThat(client.getServerInfo().name()).isEqualTo("dsh");
      assertThat(client.listTools().tools()).singleElement()
          .satisfies(tool -> assertThat(tool.name()).isEqualTo(WebSearchTool.NAME));
      CallToolResult result = client.callTool(
          new CallToolRequest(WebSearchTool.NAME, Map.of("queries", List.of("gamma"))));

      assertThat(result.isError()).isFalse();
      assertThat(((TextContent) result.content().get(0)).text()).contains("Page gamma");
      assertThat(result.structuredContent()).isNotNull();
    }
  }

  @Test
  void noLoggingCapabilityIsDeclaredAndSetLevelIsMethodNotFoundAsWithSessions() {
    HttpResponse<String> initialize = mcp.send(null, McpHttp.INITIALIZE);
    HttpResponse<String> setLevel = mcp.send(null, McpHttp.SET_LEVEL);

    assertThat(McpHttp.messages(initialize).get(0).path("result").path("capabilities")
        .propertyNames()).containsExactly("tools");
    assertThat(setLevel.statusCode()).isEqualTo(200);
    JsonNode error = McpHttp.error(setLevel);
    assertThat(error.path("error").path("code").asInt()).isEqualTo(-32601);
    assertThat(error.path("error").path("message").asString()).isEqualTo(McpHttp.NO_LOGGING);
  }

  @Test
  void getAndDeleteAre405AndAResponseIs400AllAsJsonRpcErrors() {
    HttpResponse<String> get = mcp.sendBodiless("GET", null);
    HttpResponse<String> delete = mcp.sendBodiless("DELETE", "any");
    HttpResponse<String> response = mcp.send(null, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}");

    for (HttpResponse<String> refused : List.of(get, delete)) {
      assertThat(refused.statusCode()).isEqualTo(405);
      assertThat(refused.headers().firstValue("Allow")).hasValue("POST");
      assertThat(McpHttp.error(refused).path("error").path("message").asString()).isEqualTo(
          "Method Not Allowed: /mcp takes POST on this server, not " + refused.request().method());
    }
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(McpHttp.error(response).path("error").path("message").asString())
        .isEqualTo("Invalid Request: the server is waiting for no response with this id");
  }

  @Test
  void aCancellationIsAcceptedButCancelsNothing() throws Exception {
    stub.holdAnswers();
    CompletableFuture<HttpResponse<String>> call = mcp.sendAsync(null, McpHttp.call(4, "kept"));
    stub.awaitRequest(request -> McpOverHttpTest.query(request).equals("kept"), SOON);

    HttpResponse<String> cancel = mcp.send(null, McpHttp.cancel(4));
    stub.release();
    JsonNode answer = McpHttp.messages(call.get(SOON.toMillis(), TimeUnit.MILLISECONDS)).get(0);

    assertThat(cancel.statusCode()).isEqualTo(202);
    assertThat(answer.path("id").asInt()).isEqualTo(4);
    assertThat(answer.path("result").path("isError").asBoolean(true)).isFalse();
    assertThat(answer.path("result").path("content").get(0).path("text").asString())
        .contains("Page kept");
  }
}
