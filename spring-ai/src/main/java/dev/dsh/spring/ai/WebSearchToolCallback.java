package dev.dsh.spring.ai;

import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The dsh {@code web_search} tool as a Spring AI {@link ToolCallback}: the name, description and
 * input schema MCP clients see, and the host tool's text. A failure is that text too, {@code
 * Error: <message>}, never an exception, so the model reads why and can try again.
 */
public final class WebSearchToolCallback implements ToolCallback {

  private static final ToolDefinition DEFINITION =
      ToolDefinition.builder()
          .name(WebSearchTool.NAME)
          .description(WebSearchTool.DESCRIPTION)
          .inputSchema(WebSearchTool.schema())
          .build();

  private final Supplier<Optional<WebSearchTool>> tools;

  WebSearchToolCallback(Supplier<Optional<WebSearchTool>> tools) {
    this.tools = Objects.requireNonNull(tools, "tools");
  }

  /** The host's own tool, taken at each call; while the row is not running, {@code Error: ...}. */
  public static WebSearchToolCallback of(Host host) {
    Objects.requireNonNull(host, "host");
    return new WebSearchToolCallback(host::webSearchTool);
  }

  /** The tool over {@code web}, with the tool's default timeout ({@code 30 s}). */
  public static WebSearchToolCallback of(WebService web) {
    Optional<WebSearchTool> tool = Optional.of(new WebSearchTool(web));
    return new WebSearchToolCallback(() -> tool);
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return DEFINITION;
  }

  @Override
  public String call(String toolInput) {
    return tools.get().map(tool -> tool.callAndWait(toolInput)).orElseGet(ToolResult::notRunning)
        .text();
  }

  @Override
  public String call(String toolInput, @Nullable ToolContext toolContext) {
    return call(toolInput);
  }
}
