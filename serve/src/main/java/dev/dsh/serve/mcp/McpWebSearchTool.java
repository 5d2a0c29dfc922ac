package dev.dsh.serve.mcp;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.host.tool.SearchProgress;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The {@code web_search} tool as an MCP tool: the host tool's name, description and input schema;
 * an output schema for the merged sources; read-only and open-world annotations.
 *
 * <p>Each call takes the host's tool as it is at that moment, so a reload that replaces the {@code
 * tool-web} row (or a plugin loaded or unloaded under it) applies to the next call while the tool
 * list stays the same. A failure is a tool result with {@code isError} and the tool's own {@code
 * Error: <message>} text, never a protocol error. A call the client cancelled gets no response;
 * one that asked for progress gets {@code notifications/progress} as each of its queries ends.
 */
public final class McpWebSearchTool {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private McpWebSearchTool() {}

  /**
   * The tool and its handler.
   *
   * @param tools the host's tool now, absent while the {@code tool-web} row is not running
   * @param ready completes when the host has booted: a call waits for it before asking {@code
   *     tools}
   * @param mapper the JSON mapper of the MCP server
   * @param calls the abort signals of the calls the client may cancel
   */
  public static AsyncToolSpecification of(
      McpJsonMapper mapper,
      Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready,
      CallSignals calls) {
    return AsyncToolSpecification.builder()
        .tool(tool(mapper))
        .callHandler(
            (exchange, request) ->
                handle(tools, ready, calls.claim(tag(exchange.transportContext(), request)),
                    request, progress(exchange, request)))
        .build();
  }

  /**
   * The same tool for a stateless server: the SDK gives its handlers no exchange, so no progress
   * is sent; a call is aborted only through {@code calls} by the door (a server's shutdown).
   */
  public static McpStatelessServerFeatures.AsyncToolSpecification stateless(
      McpJsonMapper mapper,
      Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready,
      CallSignals calls) {
    return McpStatelessServerFeatures.AsyncToolSpecification.builder()
        .tool(tool(mapper))
        .callHandler(
            (context, request) ->
                handle(tools, ready, calls.claim(tag(context, request)), request,
                    SearchProgress.NONE))
        .build();
  }

  private static Tool tool(McpJsonMapper mapper) {
    return Tool.builder()
        .name(WebSearchTool.NAME)
        .title("Web search")
        .description(WebSearchTool.DESCRIPTION)
        .inputSchema(mapper, WebSearchTool.schema())
        .outputSchema(mapper, ToolResults.outputSchema())
        .annotations(
            ToolAnnotations.builder()
                .title("Web search")
                .readOnlyHint(true)
                .destructiveHint(false)
                .openWorldHint(true)
                .build())
        .build();
  }

  /**
   * Where the call's key is: in the transport context when the door put it there (over HTTP the
   * SDK's servlet reads no tag into a request), else in the request's {@code _meta} (stdio).
   */
  private static @Nullable Map<String, Object> tag(
      McpTransportContext context, CallToolRequest request) {
    Object key = context.get(CallSignals.META_KEY);
    return key == null ? request.meta() : Map.of(CallSignals.META_KEY, key);
  }

  private static Mono<CallToolResult> handle(
      Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready,
      CallSignals.Call call,
      CallToolRequest request,
      SearchProgress progress) {
    return Mono.fromCompletionStage(ready.handle((ok, failure) -> Optional.ofNullable(failure)))
        .flatMap(
            failure ->
                failure.isPresent() ? Mono.just(notBooted()) : call(tools, call, request, progress))
        // A call the client cancelled gets no response (the spec: SHOULD NOT); an empty result is
        // how the SDK's session sends none.
        .filter(result -> !call.cancelledByClient())
        .doFinally(signal -> call.close());
  }

  private static Mono<CallToolResult> call(
      Supplier<Optional<WebSearchTool>> tools,
      CallSignals.Call call,
      CallToolRequest request,
      SearchProgress progress) {
    Optional<WebSearchTool> tool = tools.get();
    if (tool.isEmpty()) {
      return Mono.just(ToolResults.toResult(ToolResult.notRunning()));
    }
    // The arguments go back to JSON so the tool checks them as it checks a model's, with the same
    // messages naming the field.
    Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
    // The web service ends an aborted search at once, so waiting for the tool is bounded.
    return Mono.fromCompletionStage(
            () -> tool.get().call(JSON.writeValueAsString(arguments), call.signal(), progress))
        .map(ToolResults::toResult);
  }

  /**
   * Sends {@code notifications/progress} as each query's search ends, when the client asked for
   * progress with a {@code progressToken} (a string or a number, as the spec has it).
   */
  private static SearchProgress progress(
      McpAsyncServerExchange exchange, CallToolRequest request) {
    Object token = request.progressToken();
    if (!(token instanceof String || token instanceof Number)) {
      return SearchProgress.NONE;
    }
    // The SDK queues the notification before subscribe returns, so the reports keep their order
    // and come before the call's response. A failed send is the transport dying, which
    // StdioTransport reports.
    return (done, total) ->
        exchange
            .progressNotification(
                new ProgressNotification(
                    token, (double) done, (double) total, null, null))
            .subscribe(sent -> {}, failure -> {});
  }

  // The boot failed: the program reports it and ends the session.
  private static CallToolResult notBooted() {
    return ToolResults.toResult(
        ToolResult.failure(
            WEB_PROVIDER_UNAVAILABLE, "the host did not start (see the server's log)"));
  }
}
