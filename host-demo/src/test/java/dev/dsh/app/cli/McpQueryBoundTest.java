package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.tool.WebSearchTool;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dsh mcp} spawned as a client runs it and spoken to in
 * raw JSON-RPC lines; a query over 1,000 characters is refused by the web seam naming the bound,
 * and nothing reaches the service.
 */
class McpQueryBoundTest {

  @TempDir Path dir;

  @Test
  void aToolCallWithAQueryOverTheBoundIsAnErrorNamingItAndSendsNothing() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      Path home = dir.resolve("home");
      CliHarness.installPlugin(home, stub.baseUrl(), "");
      Map<String, String> env = new HashMap<>();
      env.put("TENCENTCLOUD_WSA_APIKEY", "sk-test-mcp-bound");
      env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
      try (McpClientProcess server = McpClientProcess.launch(
          McpCommandTest.readmeCommand(McpCommandTest.launcher(dir), home), env)) {
        ObjectNode init = McpClientProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        init.putObject("capabilities");
        init.putObject("clientInfo").put("name", "bound-test").put("version", "1");
        server.request("initialize", init).get(60, TimeUnit.SECONDS);
        server.notify("notifications/initialized", McpClientProcess.JSON.createObjectNode());

        ObjectNode call = McpClientProcess.JSON.createObjectNode().put("name", WebSearchTool.NAME);
        call.putObject("arguments").putArray("queries").add("q".repeat(1001));
        JsonNode result = server.request("tools/call", call).get(60, TimeUnit.SECONDS).get("result");

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.path("content").get(0).path("text").asString()).isEqualTo(
            "Error: the query is 1001 characters long; at most 1000 are allowed: shorten it");
      }
      assertThat(stub.requests()).isEmpty();
    }
  }
}
