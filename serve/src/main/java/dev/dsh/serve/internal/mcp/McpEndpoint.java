package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.ServeOptions;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpWebSearchTool;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpTransportContextExtractor;
import io.modelcontextprotocol.server.transport.HttpServletStatelessServerTransport;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@code /mcp}: {@link McpWebSearchTool} on the SDK's Streamable HTTP servlet, with sessions or
 * stateless (no progress or cancellation: the SDK gives no exchange), {@link McpFilter} in front.
 */
public final class McpEndpoint implements AutoCloseable {

  // The filter's call key, handed to the tool in the SDK's transport context; "" (no call) for a
  // request the filter did not tag, so a key in a client's own _meta is never taken.
  private static final McpTransportContextExtractor<HttpServletRequest> CALL_KEY = request -> {
    Object key = request.getAttribute(CallSignals.META_KEY);
    return McpTransportContext.create(Map.of(CallSignals.META_KEY, key == null ? "" : key));
  };

  private final CallSignals calls;
  private final @Nullable McpSessions sessions;
  private final Supplier<Mono<Void>> closeServer;
  private final List<ScheduledExecutorService> sweepers = new CopyOnWriteArrayList<>();

  public McpEndpoint(ServletContextHandler context, ServeState state, ServeOptions options) {
    calls = new CallSignals(state.shutdownSignal());
    McpWebSearchTool tool =
        new McpWebSearchTool(() -> state.host().join().webSearchTool(), state.host(), calls);
    sessions = options.stateless() ? null : new McpSessions(
        options.maxSessions(), options.sessionIdle(), calls, System::nanoTime);
    // The SDK's body cap (16 MiB) is above the stack's (Limits.BODY_CAP), which holds.
    HttpServlet servlet = options.stateless() ? HttpServletStatelessServerTransport.builder()
        .jsonMapper(McpWebSearchTool.MAPPER).messageEndpoint("/mcp").contextExtractor(CALL_KEY)
        .build()
        : keepingSweeper(sweepers, () -> HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpWebSearchTool.MAPPER).mcpEndpoint("/mcp").contextExtractor(CALL_KEY)
            // frees the SDK's copy of a session McpSessions has expired (it gets no requests)
            .sessionSweepInterval(options.sessionIdle()).build());
    closeServer = servlet instanceof HttpServletStatelessServerTransport stateless
        ? tool.server(McpServer.async(stateless))::closeGracefully
        : tool.server(McpServer.async((HttpServletStreamableServerTransportProvider) servlet))
            ::closeGracefully;
    ServletHolder holder = new ServletHolder("mcp", servlet);
    // the transport answers on the request's own stream (SSE), kept open past the servlet's return
    holder.setAsyncSupported(true);
    context.addServlet(holder, "/mcp");
    FilterHolder filter =
        new FilterHolder(new McpFilter(new OriginCheck(options.bind(), options.allowedHosts()), calls, sessions));
    filter.setAsyncSupported(true);
    context.addFilter(filter, "/mcp", EnumSet.of(DispatcherType.REQUEST));
  }

  /** Keeps the transport's session sweeper, a non-daemon thread {@code closeGracefully} leaves. */
  private static <T> T keepingSweeper(List<ScheduledExecutorService> sweepers, Supplier<T> build) {
    String key = McpEndpoint.class.getName() + "@" + System.identityHashCode(sweepers);
    Schedulers.addExecutorServiceDecorator(key, (scheduler, executor) -> {
      if (scheduler.toString().contains("session-sweeper")) {
        sweepers.add(executor);
      }
      return executor;
    });
    try {
      return build.get();
    } finally {
      Schedulers.removeExecutorServiceDecorator(key);
    }
  }

  /** Closes the server: the HTTP drain has answered or aborted every call (the shutdown signal). */
  @Override
  public void close() {
    if (sessions != null) {
      sessions.close();
    }
    closeServer.get().timeout(Duration.ofSeconds(2)).onErrorComplete().block(); // then Jetty stops
    sweepers.forEach(ScheduledExecutorService::shutdownNow);
  }
}
