package dev.dsh.langchain4j;

import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Runs the host's {@code web_search} tool for a LangChain4j tool call on the caller's thread (an AI
 * service waits for its tools; {@link WebSearchTool#callAndWait}): the model's arguments go to the
 * tool as they are, and its text, {@code Error: ...} included, comes back as the result, with
 * {@code isError} and the host's {@link ToolResult} as the result object.
 */
final class BlockingToolCall implements ToolExecutor {

  private final Supplier<Optional<WebSearchTool>> tools;

  /** @param tools the tool now, absent while the host's {@code tool-web} row is not running */
  BlockingToolCall(Supplier<Optional<WebSearchTool>> tools) {
    this.tools = tools;
  }

  @Override
  public ToolExecutionResult executeWithContext(
      ToolExecutionRequest request, @Nullable InvocationContext context) {
    ToolResult result = call(request.arguments());
    return ToolExecutionResult.builder()
        .isError(result.isError())
        .resultText(result.text())
        .result(result)
        .build();
  }

  @Override
  public String execute(ToolExecutionRequest request, @Nullable Object memoryId) {
    return call(request.arguments()).text();
  }

  private ToolResult call(@Nullable String arguments) {
    // A model that sends no arguments gets the tool's own message for non-JSON.
    return tools.get().map(tool -> tool.callAndWait(arguments == null ? "" : arguments))
        .orElseGet(ToolResult::notRunning);
  }

  @Override
  public String toString() {
    return "BlockingToolCall[" + WebSearchTool.NAME + "]";
  }
}
