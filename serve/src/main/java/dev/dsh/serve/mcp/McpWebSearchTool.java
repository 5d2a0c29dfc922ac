package dev.dsh.serve.mcp;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.host.json.Json;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.host.tool.WebSearchTool.SearchProgress;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessAsyncServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ProgressNotification;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * The {@code web_search} tool and its SDK server, for both doors: each call takes the host's tool
 * then; a failure is an {@code isError} result; a cancelled call gets no response.
 */
public final class McpWebSearchTool {

  /** The JSON mapper of every MCP server and transport. */
  public static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(Json.MAPPER);

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

  /** {@code tools}: the host's tool now; a call waits for {@code ready} (the boot) first. */
  public McpWebSearchTool(Supplier<Optional<WebSearchTool>> tools, CompletionStage<?> ready,
      CallSignals calls) {
    this.tool = Tool.builder().name(WebSearchTool.NAME).title("Web search")
        .description(WebSearchTool.DESCRIPTION).inputSchema(MAPPER, WebSearchTool.schema())
        .outputSchema(MAPPER, OUTPUT_SCHEMA)
        .annotations(ToolAnnotations.builder().title("Web search").readOnlyHint(true)
            .destructiveHint(false).openWorldHint(true).build())
        .build();
    this.tools = tools;
    this.ready = ready;
    this.calls = calls;
  }

  public McpAsyncServer server(McpServer.AsyncSpecification<?> server) {
    return server.serverInfo("dsh", HostVersion.current())
        .capabilities(ServerCapabilities.builder().tools(false).build()).jsonMapper(MAPPER)
        .validateToolInputs(false) // the tool checks them, naming the field
        .tools(AsyncToolSpecification.builder().tool(tool)
            .callHandler((exchange, request) -> handle(exchange.transportContext(), request,
                progress(exchange, request)))
            .build())
        .build();
  }

  /** A stateless server offering the tool: no exchange, so no progress. */
  public McpStatelessAsyncServer server(McpServer.StatelessAsyncSpecification server) {
    return server.serverInfo("dsh", HostVersion.current())
        .capabilities(ServerCapabilities.builder().tools(false).build()).jsonMapper(MAPPER)
        .validateToolInputs(false)
        .tools(McpStatelessServerFeatures.AsyncToolSpecification.builder().tool(tool)
            .callHandler((context, request) -> handle(context, request, SearchProgress.NONE))
            .build())
        .build();
  }

  private Mono<CallToolResult> handle(McpTransportContext context, CallToolRequest request,
      SearchProgress progress) {
    // The call's key is in the transport context where the door put it there (the SDK's servlet
    // reads no tag into a request), else in the request's _meta (stdio).
    Object key = context.get(CallSignals.META_KEY);
    CallSignals.Call call = calls.claim(key != null ? key
        : request.meta() == null ? null : request.meta().get(CallSignals.META_KEY));
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
    // back to JSON, so the tool checks them as it checks a model's, naming the field
    Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
    return Mono.fromCompletionStage(
            () -> tool.get().call(Json.MAPPER.writeValueAsString(arguments), call.signal(), progress))
        .map(McpWebSearchTool::toResult);
  }

  private static SearchProgress progress(McpAsyncServerExchange exchange, CallToolRequest request) {
    Object token = request.progressToken();
    // The SDK queues the notification before subscribe returns, so the reports keep their order
    // and come before the call's response. A failed send is the transport dying, seen elsewhere.
    return !(token instanceof String || token instanceof Number) ? SearchProgress.NONE
        : (done, total) -> exchange.progressNotification(
            new ProgressNotification(token, (double) done, (double) total, null, null))
            .subscribe(sent -> {}, failure -> {});
  }

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
