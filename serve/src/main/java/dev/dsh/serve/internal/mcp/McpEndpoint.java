package dev.dsh.serve.internal.mcp;

import dev.dsh.host.Host;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.serve.ServeOptions;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpWebSearchTool;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /mcp}: the host's {@code web_search} tool ({@code dsh mcp}'s, {@link McpWebSearchTool})
 * over MCP Streamable HTTP, on the SDK's servlet transport with sessions ({@code Mcp-Session-Id}),
 * or on its stateless one ({@link ServeOptions#stateless()}: any replica answers any request; no
 * progress or cancellation, since the SDK gives stateless handlers no exchange). {@link McpFilter}
 * in front does what the SDK leaves undone.
 */
public final class McpEndpoint implements AutoCloseable {

  /** How long the calls aborted at close have to be answered (the web service ends them at once). */
  static final Duration ANSWER_BOUND = Duration.ofSeconds(1);

  private static final Duration CLOSE_BOUND = Duration.ofSeconds(2);

  // The filter's call key, handed to the tool in the SDK's transport context; "" (no call) for a
  // request the filter did not tag, so a key in a client's own _meta is never taken.
  private static final McpTransportContextExtractor<HttpServletRequest> CALL_KEY =
      request -> {
        Object key = request.getAttribute(CallSignals.META_KEY);
        return McpTransportContext.create(Map.of(CallSignals.META_KEY, key == null ? "" : key));
      };

  private final CallSignals calls;
  private final @Nullable McpSessions sessions;
  private final Supplier<Mono<Void>> closeServer;
  private final SdkSweeper sweeper;

  private McpEndpoint(CallSignals calls, @Nullable McpSessions sessions,
      Supplier<Mono<Void>> closeServer, SdkSweeper sweeper) {
    this.calls = calls;
    this.sessions = sessions;
    this.closeServer = closeServer;
    this.sweeper = sweeper;
  }

  /**
   * Mounts {@code /mcp} on {@code context}.
   *
   * @param state the host (a call waits for its boot) and the shutdown signal its searches link to
   * @param options stateless or not, the session cap and idle time, the bind address
   * @param url the server's URL once it listens: its own origin and host
   */
  public static McpEndpoint mount(
      ServletContextHandler context, ServeState state, ServeOptions options, Supplier<URI> url) {
    JsonMapper json = JsonMapper.builder().build();
    McpJsonMapper mapper = new JacksonMcpJsonMapper(json);
    CallSignals calls = new CallSignals(state.shutdownSignal());
    OriginCheck origins = new OriginCheck(options.bind(), url);
    CompletableFuture<Host> ready = state.host();
    Supplier<Optional<WebSearchTool>> tools = () -> ready.join().webSearchTool();
    ServerCapabilities capabilities = ServerCapabilities.builder().tools(false).build();
    HttpServlet servlet;
    McpEndpoint endpoint;
    SdkSweeper sweeper = new SdkSweeper();
    if (options.stateless()) {
      HttpServletStatelessServerTransport transport = HttpServletStatelessServerTransport.builder()
          .jsonMapper(mapper).messageEndpoint("/mcp").httpHeaderValidator(origins)
          .contextExtractor(CALL_KEY).maxRequestSize(McpMessage.MAX_BODY).build();
      servlet = transport;
      endpoint = new McpEndpoint(calls, null, McpServer.async(transport)
          .serverInfo("dsh", HostVersion.current()).capabilities(capabilities).jsonMapper(mapper)
          .jsonSchemaValidator(new DefaultJsonSchemaValidator(json))
          // the tool checks its arguments itself, with messages that name the field
          .validateToolInputs(false)
          .tools(McpWebSearchTool.stateless(mapper, tools, ready, calls))
          .build()::closeGracefully, sweeper);
    } else {
      HttpServletStreamableServerTransportProvider transport = sweeper.building(() ->
          HttpServletStreamableServerTransportProvider.builder()
              .jsonMapper(mapper).mcpEndpoint("/mcp").httpHeaderValidator(origins)
              .contextExtractor(CALL_KEY).maxRequestSize(McpMessage.MAX_BODY)
              // frees the SDK's copy of a session McpSessions has expired (it gets no requests)
              .sessionSweepInterval(options.sessionIdle())
              .build());
      servlet = transport;
      endpoint = new McpEndpoint(calls,
          new McpSessions(options.maxSessions(), options.sessionIdle(), calls),
          McpServer.async(transport)
              .serverInfo("dsh", HostVersion.current()).capabilities(capabilities)
              .jsonMapper(mapper).jsonSchemaValidator(new DefaultJsonSchemaValidator(json))
              .validateToolInputs(false)
              .tools(McpWebSearchTool.of(mapper, tools, ready, calls))
              .build()::closeGracefully, sweeper);
    }
    ServletHolder holder = new ServletHolder("mcp", servlet);
    // the transport answers on the request's own stream (SSE), kept open past the servlet's return
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/mcp");
    FilterHolder filter = new FilterHolder(new McpFilter(origins, calls, endpoint.sessions));
    filter.setAsyncSupported(true);
    context.addFilter(filter, "/mcp", EnumSet.of(DispatcherType.REQUEST));
    return endpoint;
  }

  /**
   * Aborts the calls still running, gives them {@link #ANSWER_BOUND} to be answered, and closes
   * the MCP server and its sessions.
   */
  @Override
  public void close() {
    calls.abortAll();
    try {
      calls.allAnswered().get(ANSWER_BOUND.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      // a call still unanswered ends when the HTTP server stops
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (sessions != null) {
      sessions.close();
    }
    try {
      closeServer.get().block(CLOSE_BOUND);
    } catch (RuntimeException e) {
      // bounded: the HTTP server's stop ends what is left
    }
    sweeper.stop();
  }
}
