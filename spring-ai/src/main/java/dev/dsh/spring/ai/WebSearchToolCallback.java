package dev.dsh.spring.ai;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The dsh {@code web_search} tool as a Spring AI {@link ToolCallback}: the host tool's name,
 * description and JSON input schema ({@link WebSearchTool#schema()}: {@code queries}, 1 to 4, and
 * the optional {@code site} and {@code freshness}), exactly as MCP clients see them, and the text
 * the host's tool returns. A failure is that text too, {@code Error: <message>}, never an
 * exception, so the model reads why and can try again.
 *
 * <p>A call never hangs: the tool's own timeout (the {@code tool-web} row's {@code
 * searchTimeoutMs}, 30 s by default) aborts its searches; should they still not end, the call
 * gives up {@link #GRACE} later, aborts them and answers {@code Error: web search timed out after
 * <timeout>}. An interrupted caller gets its searches aborted and its interrupt flag kept.
 */
public final class WebSearchToolCallback implements ToolCallback {

  /** How much longer than the tool's own timeout a call waits before it gives up. */
  static final Duration GRACE = Duration.ofSeconds(1);

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

  /**
   * The host's own tool, taken at each call (the {@code tool-web} row's, with its configured
   * timeout); a call while that row is not running answers {@code Error: ...} saying so.
   */
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

  /** Runs the tool with the model's JSON arguments and gives back its text. */
  @Override
  public String call(String toolInput) {
    Optional<WebSearchTool> tool = tools.get();
    if (tool.isEmpty()) {
      return ToolResult.failure(
              WEB_PROVIDER_UNAVAILABLE, "the \"tool-web\" row is disabled or not running")
          .text();
    }
    AbortController call = new AbortController();
    CompletableFuture<ToolResult> result =
        tool.get().call(toolInput, call.signal()).toCompletableFuture();
    return await(result, tool.get().timeout(), call).text();
  }

  /** The same as {@link #call(String)}: the tool takes nothing from the context. */
  @Override
  public String call(String toolInput, @Nullable ToolContext toolContext) {
    return call(toolInput);
  }

  private ToolResult await(
      CompletableFuture<ToolResult> result, Duration timeout, AbortController call) {
    try {
      return result.get(timeout.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      WebError timedOut = WebError.timedOut(timeout);
      call.abort(timedOut);
      return ToolResult.failure(timedOut.code(), timedOut.getMessage());
    } catch (InterruptedException e) {
      call.abort(e);
      Thread.currentThread().interrupt();
      return ToolResult.failure(WEB_ABORTED, "web search interrupted");
    } catch (ExecutionException e) {
      // The tool's stage never completes exceptionally: this is a fault in the tool itself.
      throw new IllegalStateException("the web_search tool failed", e.getCause());
    }
  }

  @Override
  public String toString() {
    return "WebSearchToolCallback[" + WebSearchTool.NAME + "]";
  }
}
