package dev.dsh.serve.mcp;

import dev.dsh.api.web.WebSearchSource;
import dev.dsh.host.tool.ToolResult;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The host tool's results as MCP tool results, and the schema of their structured content. */
final class ToolResults {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ToolResults() {}

  /** A tool result as MCP's: its text, {@code isError}, and the sources as structured content. */
  static CallToolResult toResult(ToolResult result) {
    CallToolResult.Builder builder =
        CallToolResult.builder().addTextContent(result.text()).isError(result.isError());
    if (!result.isError()) {
      builder.structuredContent(structured(result.sources(), result.truncated()));
    }
    return builder.build();
  }

  private static Map<String, Object> structured(List<WebSearchSource> sources, boolean truncated) {
    List<Map<String, Object>> items =
        sources.stream()
            .map(
                source -> {
                  Map<String, Object> item = new LinkedHashMap<>();
                  item.put("url", source.url());
                  putPresent(item, "title", source.title());
                  putPresent(item, "snippet", source.snippet());
                  putPresent(item, "publishedAt", source.publishedAt());
                  return item;
                })
            .toList();
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("sources", items);
    content.put("truncated", truncated);
    return content;
  }

  private static void putPresent(Map<String, Object> item, String name, @Nullable String value) {
    if (value != null) {
      item.put(name, value);
    }
  }

  /** The JSON Schema of {@code structuredContent}: the merged sources the text lists. */
  static String outputSchema() {
    ObjectNode schema = JSON.createObjectNode();
    schema.put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    ObjectNode sources = properties.putObject("sources");
    sources.put("type", "array");
    sources.put("description", "The merged sources, in the order the text lists them.");
    ObjectNode item = sources.putObject("items");
    item.put("type", "object");
    ObjectNode fields = item.putObject("properties");
    fields.putObject("url").put("type", "string");
    fields.putObject("title").put("type", "string");
    fields.putObject("snippet").put("type", "string");
    fields
        .putObject("publishedAt")
        .put("type", "string")
        .put("description", "ISO-8601 with an offset");
    item.putArray("required").add("url");
    item.put("additionalProperties", false);
    properties
        .putObject("truncated")
        .put("type", "boolean")
        .put("description", "True when sources were left out.");
    schema.putArray("required").add("sources").add("truncated");
    schema.put("additionalProperties", false);
    return JSON.writeValueAsString(schema);
  }
}
