package dev.dsh.serve.mcp;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.host.json.Json;
import dev.dsh.host.json.SearchJson;
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
import reactor.core.publisher.Mono;

/**
 * The {@code web_search} tool as an MCP tool, for both doors: the host tool's name, description and
 * input schema; an output schema for the merged sources; read-only and open-world annotations.
 *
 * <p>Each call takes the host's tool as it is then, so a reload applies to the next call while the
 * tool list stays the same. A failure is a tool result with {@code isError} and the tool's own
 * {@code Error: <message>} text, never a protocol error. A call the client cancelled gets no
 * response; one that asked for progress gets {@code notifications/progress} as each query ends.
 */
public final class McpWebSearchTool {

  /** The JSON Schema of {@code structuredContent}: the merged sources the text lists. */
  static final String OUTPUT_SCHEMA = """
      {"type": "object", "additionalProperties": false, "required": ["sources", "truncated"],
       "properties": {
        "sources": {"type": "array", "description": "The merged sources, in the order the text lists them.",
         "items": {"type": "object", "additionalProperties": false, "required": ["url"],
          "properties": {"url": {"type": "string"}, "title": {"type": "string"},
           "snippet": {"type": "string"},
           "publishedAt": {"type": "string", "description": "ISO-8601 with an offset"}}}},
        "truncated": {"type": "boolean", "description": "True when sources were left out."}}}""";

  private final Tool tool;
  private final Supplier<Optional<WebSearchTool>> tools;
  private final CompletionStage<?> ready;
  private final CallSignals calls;

  /**
   * @param mapper the MCP server's JSON mapper
   * @param tools the host's tool now, absent while the {@code tool-web} row is not running
   * @param ready completes when the host has booted: a call waits for it before asking {@code tools}
   * @param calls the abort signals of the calls the client may cancel
   */
  public McpWebSearchTool(McpJsonMapper mapper, Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready, CallSignals calls) {
    this.tool = Tool.builder().name(WebSearchTool.NAME).title("Web search")
        .description(WebSearchTool.DESCRIPTION).inputSchema(mapper, WebSearchTool.schema())
        .outputSchema(mapper, OUTPUT_SCHEMA)
        .annotations(ToolAnnotations.builder().title("Web search").readOnlyHint(true)
            .destructiveHint(false).openWorldHint(true).build())
        .build();
    this.tools = tools;
    this.ready = ready;
    this.calls = calls;
  }

  /** The tool for a server with sessions. */
  public AsyncToolSpecification withSessions() {
    return AsyncToolSpecification.builder().tool(tool)
        .callHandler((exchange, request) -> handle(exchange.transportContext(), request,
            progress(exchange, request)))
        .build();
  }

  /**
   * The tool for a stateless server: the SDK gives its handlers no exchange, so no progress is
   * sent; a call is aborted only through {@code calls} by the door (a server's shutdown).
   */
  public McpStatelessServerFeatures.AsyncToolSpecification stateless() {
    return McpStatelessServerFeatures.AsyncToolSpecification.builder().tool(tool)
        .callHandler((context, request) -> handle(context, request, SearchProgress.NONE))
        .build();
  }

  private Mono<CallToolResult> handle(McpTransportContext context, CallToolRequest request,
      SearchProgress progress) {
    // The call's key is in the transport context where the door put it there (the SDK's servlet
    // reads no tag into a request), else in the request's _meta (stdio).
    Object key = context.get(CallSignals.META_KEY);
    CallSignals.Call call =
        calls.claim(key == null ? request.meta() : Map.of(CallSignals.META_KEY, key));
    return Mono.fromCompletionStage(ready.handle((ok, failure) -> Optional.ofNullable(failure)))
        .flatMap(failure -> failure.isPresent()
            // the boot failed: the program reports it and ends the session
            ? Mono.just(toResult(ToolResult.failure(
                WEB_PROVIDER_UNAVAILABLE, "the host did not start (see the server's log)")))
            : call(call, request, progress))
        // A call the client cancelled gets no response (the spec: SHOULD NOT); an empty result is
        // how the SDK's session sends none.
        .filter(result -> !call.cancelledByClient())
        .doFinally(signal -> call.close());
  }

  private Mono<CallToolResult> call(CallSignals.Call call, CallToolRequest request,
      SearchProgress progress) {
    Optional<WebSearchTool> tool = tools.get();
    if (tool.isEmpty()) {
      return Mono.just(toResult(ToolResult.notRunning()));
    }
    // The arguments go back to JSON so the tool checks them as it checks a model's, with the same
    // messages naming the field.
    Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
    // The web service ends an aborted search at once, so waiting for the tool is bounded.
    return Mono.fromCompletionStage(
            () -> tool.get().call(Json.MAPPER.writeValueAsString(arguments), call.signal(), progress))
        .map(McpWebSearchTool::toResult);
  }

  /** Progress as each query ends, when the client sent a {@code progressToken}. */
  private static SearchProgress progress(McpAsyncServerExchange exchange, CallToolRequest request) {
    Object token = request.progressToken();
    // The SDK queues the notification before subscribe returns, so the reports keep their order
    // and come before the call's response. A failed send is the transport dying, seen elsewhere.
    return !(token instanceof String || token instanceof Number) ? SearchProgress.NONE
        : (done, total) -> exchange.progressNotification(
            new ProgressNotification(token, (double) done, (double) total, null, null))
            .subscribe(sent -> {}, failure -> {});
  }

  /** A tool result as MCP's: its text, {@code isError}, and the sources as structured content. */
  private static CallToolResult toResult(ToolResult result) {
    CallToolResult.Builder builder =
        CallToolResult.builder().addTextContent(result.text()).isError(result.isError());
    if (!result.isError()) {
      builder.structuredContent(Json.MAPPER.convertValue(
          SearchJson.of(result.sources(), result.truncated()), Map.class));
    }
    return builder.build();
  }
}
