package dev.dsh.langchain4j;

import dev.dsh.host.Host;
import dev.dsh.host.json.Json;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * dsh's {@code web_search} tool for a LangChain4j AI service ({@code .tools(tool.asMap())}): the
 * name, description and JSON Schema MCP clients see, and an executor returning the host tool's
 * text, {@code Error: <message>} marked {@code isError}, with the {@link ToolResult}.
 */
public final class DshWebSearchTool {

  private final ToolSpecification specification;
  private final ToolExecutor executor;

  DshWebSearchTool(Supplier<Optional<WebSearchTool>> tools) {
    this.specification =
        ToolSpecification.builder()
            .name(WebSearchTool.NAME)
            .description(WebSearchTool.DESCRIPTION)
            .parameters(parameters(WebSearchTool.schema()))
            .build();
    this.executor = new ToolExecutor() {
      @Override
      public ToolExecutionResult executeWithContext(
          ToolExecutionRequest request, @Nullable InvocationContext context) {
        ToolResult result = call(tools, request.arguments());
        return ToolExecutionResult.builder()
            .isError(result.isError())
            .resultText(result.text())
            .result(result)
            .build();
      }

      @Override
      public String execute(ToolExecutionRequest request, @Nullable Object memoryId) {
        return call(tools, request.arguments()).text();
      }
    };
  }

  // Each property a JsonRawSchema, so minItems, maxItems and pattern, which LangChain4j's typed
  // elements cannot hold, reach the model.
  private static JsonObjectSchema parameters(String schemaJson) {
    JsonNode root = Json.MAPPER.readTree(schemaJson);
    JsonObjectSchema.Builder parameters = JsonObjectSchema.builder();
    for (Map.Entry<String, JsonNode> property : root.path("properties").properties()) {
      parameters.addProperty(
          property.getKey(), JsonRawSchema.from(Json.MAPPER.writeValueAsString(property.getValue())));
    }
    List<String> required = new ArrayList<>();
    root.path("required").forEach(name -> required.add(name.stringValue()));
    parameters.required(required);
    JsonNode additional = root.get("additionalProperties");
    if (additional != null) {
      parameters.additionalProperties(additional.booleanValue());
    }
    return parameters.build();
  }

  private static ToolResult call(
      Supplier<Optional<WebSearchTool>> tools, @Nullable String arguments) {
    // A model that sends no arguments gets the tool's own message for non-JSON.
    return tools.get().map(tool -> tool.callAndWait(arguments == null ? "" : arguments))
        .orElseGet(ToolResult::notRunning);
  }

  /**
   * The tool of {@code host}, taken at each call: a reload that replaces the {@code tool-web} row
   * applies to the next call; while that row is not running a call answers {@code Error: ...}.
   */
  public static DshWebSearchTool of(Host host) {
    Objects.requireNonNull(host, "host");
    return new DshWebSearchTool(host::webSearchTool);
  }

  /** {@code tool} itself, such as one built over a {@code WebService} of your own. */
  public static DshWebSearchTool of(WebSearchTool tool) {
    Optional<WebSearchTool> fixed = Optional.of(Objects.requireNonNull(tool, "tool"));
    return new DshWebSearchTool(() -> fixed);
  }

  /** What the model is offered: {@code web_search}, its description and its JSON Schema. */
  public ToolSpecification specification() {
    return specification;
  }

  /** Runs a call of the model's, returning the host tool's text. */
  public ToolExecutor executor() {
    return executor;
  }

  /** The specification and its executor, for {@code AiServices.builder(...).tools(...)}. */
  public Map<ToolSpecification, ToolExecutor> asMap() {
    return Map.of(specification, executor);
  }
}
