package dev.dsh.langchain4j;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Runs the host's {@code web_search} tool for a LangChain4j tool call, on the caller's thread (an
 * AI service waits for its tools): the model's arguments go to the tool as they are, and its text,
 * {@code Error: ...} included, comes back as the result, with {@code isError} and the host's
 * {@link ToolResult} as the result object.
 *
 * <p>The wait is bounded: the tool aborts its searches at its own timeout; should a provider not
 * end when aborted, the call gives up {@link #GRACE} later with the tool's timeout wording. An
 * interrupted caller aborts the call and keeps its interrupt status.
 */
final class BlockingToolCall implements ToolExecutor {

  /** How long past the tool's timeout the call waits for the aborted searches to end. */
  static final Duration GRACE = Duration.ofSeconds(1);

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
    Optional<WebSearchTool> tool = tools.get();
    if (tool.isEmpty()) {
      return ToolResult.failure(
          WEB_PROVIDER_UNAVAILABLE, "the \"tool-web\" row is disabled or not running");
    }
    Duration timeout = tool.get().timeout();
    try (AbortController controller = new AbortController()) {
      try {
        // A model that sends no arguments gets the tool's own message for non-JSON.
        return tool.get()
            .call(arguments == null ? "" : arguments, controller.signal())
            .toCompletableFuture()
            .get(timeout.plus(GRACE).toNanos(), TimeUnit.NANOSECONDS);
      } catch (TimeoutException e) {
        controller.abort(e);
        return ToolResult.failure(WEB_ABORTED, WebError.timedOut(timeout).getMessage());
      } catch (InterruptedException e) {
        controller.abort(e);
        Thread.currentThread().interrupt();
        return ToolResult.failure(WEB_ABORTED, "web search was interrupted");
      } catch (ExecutionException e) {
        // The tool's stage never fails; should it, the model still gets an answer.
        return ToolResult.failure(
            WEB_PROVIDER_ERROR, "web search failed: " + e.getCause().getClass().getSimpleName());
      }
    }
  }

  @Override
  public String toString() {
    return "BlockingToolCall[" + WebSearchTool.NAME + "]";
  }
}
