package dev.dsh.langchain4j;

import dev.dsh.host.Host;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * dsh's {@code web_search} tool for a LangChain4j AI service: the name, description and JSON
 * Schema MCP clients see ({@code queries}: 1 to 4, optional {@code site} and {@code freshness}),
 * and an executor returning the host tool's text.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *     .chatModel(model)
 *     .tools(DshWebSearchTool.of(host).asMap())
 *     .build();
 * }</pre>
 *
 * <p>The specification's parameters are the host tool's schema, each property as a {@link
 * dev.langchain4j.model.chat.request.json.JsonRawSchema}, so {@code minItems}, {@code maxItems}
 * and {@code pattern} reach the model; nothing is read from Java parameters by reflection, so
 * there is no {@code arg0} and no warning about parameter names.
 *
 * <p>A call runs on the AI service's thread and returns the text the host tool returns: the
 * sources as markdown links with snippets, or {@code Error: <message>} (invalid arguments, a
 * failed search, a timeout), marked {@code isError}; the host's {@link
 * dev.dsh.host.tool.ToolResult}, with the merged sources, is the result object a {@code
 * ToolExecution} carries. Each search is bounded by the tool's timeout (30 s unless the profile's
 * {@code tool-web} row says otherwise); an interrupted caller aborts its searches and keeps its
 * interrupt status.
 */
public final class DshWebSearchTool {

  private final ToolSpecification specification;
  private final ToolExecutor executor;

  private DshWebSearchTool(Supplier<Optional<WebSearchTool>> tools) {
    this.specification =
        ToolSpecification.builder()
            .name(WebSearchTool.NAME)
            .description(WebSearchTool.DESCRIPTION)
            .parameters(ToolSchema.parameters(WebSearchTool.schema()))
            .build();
    this.executor = new BlockingToolCall(tools);
  }

  /**
   * The tool of {@code host}, taken at each call as it is then: a reload that replaces the {@code
   * tool-web} row applies to the next call, and while that row is not running a call gives {@code
   * Error: the "tool-web" row is disabled or not running}.
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

  /**
   * The specification and its executor, for {@code AiServices.builder(...).tools(...)} (the
   * builder adds them beside any other tools).
   */
  public Map<ToolSpecification, ToolExecutor> asMap() {
    return Map.of(specification, executor);
  }

  @Override
  public String toString() {
    return "DshWebSearchTool[" + WebSearchTool.NAME + "]";
  }
}
