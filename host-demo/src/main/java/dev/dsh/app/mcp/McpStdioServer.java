package dev.dsh.app.mcp;

import dev.dsh.api.AbortSignal;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpWebSearchTool;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/** {@code web_search} over the SDK's stdio transport, guarded by {@link StdioGuard}. */
public final class McpStdioServer implements AutoCloseable {

  static final Duration FINISH_GRACE = Duration.ofSeconds(5);
  // the web service ends an aborted call at once, so this bounds only its writing
  private static final Duration ANSWER_BOUND = Duration.ofMillis(700);
  // how long a failed stdout write waits for the input to end too: then the client has left
  private static final Duration CLIENT_GONE_GRACE = Duration.ofSeconds(1);
  private static final Duration CLOSE_BOUND = Duration.ofSeconds(1);

  private final CallSignals calls = new CallSignals(AbortSignal.never());
  private final CompletableFuture<String> died = new CompletableFuture<>();
  private final StdioGuard stdio;
  private final McpAsyncServer server;
  private volatile boolean closing;

  /** A {@code tools/call} waits for {@code ready}; {@code err} gets a line per message dropped. */
  public McpStdioServer(Supplier<Optional<WebSearchTool>> tools, CompletionStage<?> ready,
      InputStream in, OutputStream out, PrintStream err) throws IOException {
    this.stdio = new StdioGuard(in, out, err, calls);
    this.server = new McpWebSearchTool(tools, ready, calls)
        .server(McpServer.async(new WatchedTransport()));
  }

  /** Serves until the input ended and its calls are answered; else says why not, in one line. */
  public Optional<String> awaitEnd() throws InterruptedException {
    get(CompletableFuture.anyOf(stdio.ended, stdio.failed, died), Long.MAX_VALUE);
    if (died.isDone()) {
      return Optional.of(died.join() + "; the MCP session cannot go on");
    }
    if (stdio.failed.isDone()) {
      // the client's input ending too means it has left
      return get(stdio.ended, CLIENT_GONE_GRACE.toMillis()) ? Optional.empty()
          : Optional.of(stdio.failed.join() + "; the MCP session cannot go on");
    }
    CompletableFuture<Void> answered = calls.allAnswered();
    long start = System.nanoTime();
    if (!awaitAnswered(answered, start + FINISH_GRACE.toNanos())) {
      calls.abortAll("");
      awaitAnswered(answered, start + FINISH_GRACE.plus(ANSWER_BOUND).toNanos());
    }
    int n = calls.size();
    String unanswered = n + (n == 1 ? " call was" : " calls were") + " not answered";
    // a failed output after the end of input: the client closed stdout too, and wants no answers
    return answered.isDone() || !died.isDone() && stdio.failed.isDone() ? Optional.empty()
        : died.isDone() ? Optional.of(died.join() + "; " + unanswered)
        : stdio.stalled()
            ? Optional.of("the MCP client does not read the server's output; " + unanswered)
        : Optional.of(unanswered + " within " + FINISH_GRACE.plus(ANSWER_BOUND).toMillis()
            + " ms of the end of input");
  }

  private boolean awaitAnswered(CompletableFuture<Void> answered, long deadline)
      throws InterruptedException {
    while (!answered.isDone() && System.nanoTime() < deadline
        && !stdio.stalled() && !stdio.failed.isDone() && !died.isDone()) {
      get(answered, 20);
    }
    return answered.isDone();
  }

  private static boolean get(CompletableFuture<?> future, long millis) throws InterruptedException {
    try {
      future.get(millis, TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    }
  }

  @Override
  public void close() {
    closing = true;
    calls.abortAll("");
    stdio.release();
    try {
      server.closeGracefully().block(CLOSE_BOUND);
    } catch (RuntimeException e) {
      server.close();
    }
  }

  // The SDK's transport on the guard's pipe, its line bound lifted: the guard bounds lines.
  private final class WatchedTransport extends StdioServerTransportProvider {

    WatchedTransport() {
      super(McpWebSearchTool.MAPPER, stdio.sdkInput, stdio, Integer.MAX_VALUE);
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory sessions) {
      super.setSessionFactory(session -> sessions.create(new Watched(session, reason -> {
        if (!closing) {
          died.complete(reason);
        }
      })));
    }
  }

  /** The SDK's session transport, telling {@code stopped} why it closed or failed to send. */
  record Watched(McpServerTransport session, Consumer<String> stopped)
      implements McpServerTransport {

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return session.sendMessage(message)
          .doOnError(e -> stopped.accept("the MCP SDK's transport could not send a message"));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return session.unmarshalFrom(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      stopped.accept("the MCP SDK's transport closed the session");
      return session.closeGracefully();
    }

    @Override
    public void close() {
      stopped.accept("the MCP SDK's transport stopped reading the client's messages");
      session.close();
    }
  }
}
