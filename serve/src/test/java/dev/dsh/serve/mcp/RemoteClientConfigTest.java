package dev.dsh.serve.mcp;

import static dev.dsh.serve.mcp.McpHttp.JSON;
import static dev.dsh.serve.mcp.McpHttp.SOON;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.serve.testing.ServedHost;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The remote client configuration of docs/mcp.md, and its copy in the README, work as written: the
 * SDK's client, given the entry's transport type, URL path and headers (the token filled in),
 * initializes, lists the tool and searches.
 */
class RemoteClientConfigTest {

  private static final Path README = Path.of(System.getProperty("dsh.test.readme"));

  private static final Pattern JSON_BLOCK = Pattern.compile("```json\\n(.*?)```", Pattern.DOTALL);

  @Test
  void theDocsRemoteEntryInitializesListsTheToolAndSearches(@TempDir Path home) throws Exception {
    JsonNode entry = entry(README.resolveSibling("docs/mcp.md"));
    assertThat(entry.path("type").asString()).isEqualTo("http");

    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("remote"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "");
        McpSyncClient client = client(served, entry)) {
      client.initialize();
      assertThat(client.listTools().tools()).singleElement()
          .satisfies(tool -> assertThat(tool.name()).isEqualTo(WebSearchTool.NAME));
      CallToolResult result = client.callTool(
          new CallToolRequest(WebSearchTool.NAME, Map.of("queries", List.of("DeepSeek"))));
      assertThat(result.isError()).isFalse();
      assertThat(((TextContent) result.content().get(0)).text()).contains("remote");
    }
  }

  @Test
  void theReadmeShowsTheSameRemoteEntry() throws Exception {
    assertThat(entry(README)).isEqualTo(entry(README.resolveSibling("docs/mcp.md")));
  }

  /** The {@code dsh} entry of the first json block of {@code page} with {@code "type": "http"}. */
  private static JsonNode entry(Path page) throws Exception {
    Matcher block = JSON_BLOCK.matcher(Files.readString(page));
    while (block.find()) {
      if (block.group(1).contains("\"type\": \"http\"")) {
        return JSON.readTree(block.group(1)).path("mcpServers").path("dsh");
      }
    }
    throw new AssertionError(page.getFileName() + " has no json block with \"type\": \"http\"");
  }

  /** The SDK's client for {@code entry}: its URL's path on the served port, its headers. */
  private static McpSyncClient client(ServedHost served, JsonNode entry) {
    URI url = URI.create(entry.path("url").asString());
    assertThat(url.getPort()).as("the documented port").isEqualTo(8719);
    JsonNode headers = entry.path("headers");
    assertThat(headers.propertyNames()).containsExactly("Authorization");
    String authorization =
        headers.path("Authorization").asString().replaceFirst("<[^>]*>", ServedHost.TOKEN);
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(served.server().url().toString())
            .endpoint(url.getPath())
            .jsonMapper(new JacksonMcpJsonMapper(JSON))
            .httpRequestCustomizer((request, method, uri, body, context) ->
                request.header("Authorization", authorization))
            .build();
    return McpClient.sync(transport).requestTimeout(SOON).build();
  }
}
