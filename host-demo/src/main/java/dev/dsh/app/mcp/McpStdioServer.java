package dev.dsh.app.mcp;

import dev.dsh.host.json.Json;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpWebSearchTool;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
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

/**
 * An MCP server on a pair of streams (stdio for {@code dsh mcp}) offering {@code web_search}, on
 * the MCP SDK's async server and stdio transport, guarded by {@link StdinRelay} and {@link
 * ServerOutput}. When the input ends, the calls in flight get {@link #FINISH_GRACE} to finish, those
 * still running are then aborted, and every one is answered before {@link #awaitEnd()} returns.
 */
public final class McpStdioServer implements AutoCloseable {

  /** How long the calls in flight at the end of input may still run. */
  static final Duration FINISH_GRACE = Duration.ofSeconds(5);

  /**
   * How long after {@link #FINISH_GRACE} the aborted calls have to be answered: the web service
   * ends them at once, so this is the writing.
   */
  static final Duration ANSWER_BOUND = Duration.ofMillis(700);

  /** How long a failed stdout write waits for the input to end too (the client has left). */
  static final Duration CLIENT_GONE_GRACE = Duration.ofSeconds(1);

  private static final Duration CLOSE_BOUND = Duration.ofSeconds(1);

  private final CallSignals calls = new CallSignals();
  private final CompletableFuture<String> died = new CompletableFuture<>();
  private final ServerOutput output;
  private final StdinRelay relay;
  private final McpAsyncServer server;
  private volatile boolean closing;

  private McpStdioServer(Supplier<Optional<WebSearchTool>> tools, CompletionStage<?> ready,
      InputStream in, OutputStream out, PrintStream err) throws IOException {
    McpJsonMapper mapper = new JacksonMcpJsonMapper(Json.MAPPER);
    this.output = new ServerOutput(out, calls);
    this.relay = new StdinRelay(in, StdinRelay.MAX_LINE_BYTES, output, err, calls);
    this.server = McpServer.async(new WatchedTransport(mapper))
        .serverInfo("dsh", HostVersion.current())
        .capabilities(ServerCapabilities.builder().tools(false).build())
        .jsonMapper(mapper)
        .jsonSchemaValidator(new DefaultJsonSchemaValidator(Json.MAPPER))
        // the tool checks its arguments itself, with messages that name the field
        .validateToolInputs(false)
        .tools(new McpWebSearchTool(mapper, tools, ready, calls).withSessions())
        .build();
    relay.start();
  }

  /**
   * Starts serving. {@code initialize}, {@code tools/list} and {@code ping} are answered at once;
   * a {@code tools/call} waits for {@code ready}, so the host may still be booting.
   *
   * @param tools the host's {@code web_search} tool as it is now, asked on every call once {@code
   *     ready} has completed; absent while the {@code tool-web} row is not running
   * @param ready completes when the host has booted; a call answers an error result if it fails
   * @param in the client's messages
   * @param out where the server's messages go, and nothing else
   * @param err where a message that is dropped unanswered is reported, one line each
   */
  public static McpStdioServer start(Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready, InputStream in, OutputStream out, PrintStream err) {
    try {
      return new McpStdioServer(tools, ready, in, out, err);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Serves until the session ends: the client's input has ended and every call then in flight has
   * been answered, or the client has left (its end of stdout closed), or the server cannot go on.
   *
   * @return empty when the session ended as it should; otherwise why not, in one line
   */
  public Optional<String> awaitEnd() throws InterruptedException {
    get(CompletableFuture.anyOf(relay.ended(), output.failed(), died), Long.MAX_VALUE);
    if (died.isDone()) {
      return Optional.of(died.join() + "; the MCP session cannot go on");
    }
    if (output.failed().isDone()) {
      // the client's input ending too means it has left
      return get(relay.ended(), CLIENT_GONE_GRACE.toMillis()) ? Optional.empty()
          : Optional.of(output.failed().join() + "; the MCP session cannot go on");
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
    return answered.isDone() || !died.isDone() && output.failed().isDone() ? Optional.empty()
        : died.isDone() ? Optional.of(died.join() + "; " + unanswered)
        : output.stalled()
            ? Optional.of("the MCP client does not read the server's output; " + unanswered)
        : Optional.of(unanswered + " within " + FINISH_GRACE.plus(ANSWER_BOUND).toMillis()
            + " ms of the end of input");
  }

  /**
   * Waits until {@code answered} completes or {@code deadline} (a {@link System#nanoTime()} value)
   * passes; gives up at once when no answer can be delivered any more.
   */
  private boolean awaitAnswered(CompletableFuture<Void> answered, long deadline)
      throws InterruptedException {
    while (!answered.isDone() && System.nanoTime() < deadline
        && !output.stalled() && !output.failed().isDone() && !died.isDone()) {
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

  /** Aborts the calls still running and stops the server, waiting a bounded time. */
  @Override
  public void close() {
    closing = true;
    calls.abortAll("");
    relay.release();
    try {
      server.closeGracefully().block(CLOSE_BOUND);
    } catch (RuntimeException e) {
      server.close();
    }
  }

  /**
   * The SDK's stdio transport on the relay's pipe, watched. The relay bounds every line, so the
   * transport's own bound (which ends the session) is lifted: a tagged call may grow a little.
   */
  private final class WatchedTransport extends StdioServerTransportProvider {

    WatchedTransport(McpJsonMapper mapper) {
      super(mapper, relay.sdkInput(), output, Integer.MAX_VALUE);
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

  /**
   * The SDK's session transport, watched: when it closes, or fails to send a message, it has
   * stopped, and {@code stopped} is told why (before the server closes, the server cannot go on).
   */
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
