package dev.dsh.app.mcp;

import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpWebSearchTool;

import dev.dsh.host.model.HostVersion;
import dev.dsh.host.tool.WebSearchTool;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
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
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * An MCP server on a pair of streams (stdio for {@code dsh mcp}) offering one tool, {@code
 * web_search}, built on the official MCP Java SDK's async server and its stdio transport.
 *
 * <p>The output stream carries protocol messages only, one a line, written by one thread ({@link
 * ServerOutput}). Calls run concurrently; a client's {@code notifications/cancelled} aborts the
 * searches of that call, which then gets no response (see {@link StdinRelay} for how, on SDK
 * 2.1.0). When the input ends, the calls in flight get {@link #FINISH_GRACE} to finish, those
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
  private static final long POLL_MILLIS = 20;

  private final CallSignals calls = new CallSignals();
  private final ServerOutput output;
  private final HeldInput sdkInput;
  private final StdioTransport transport;
  private final StdinRelay relay;
  private final McpAsyncServer server;

  private McpStdioServer(
      Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready,
      InputStream in,
      OutputStream out,
      PrintStream err) {
    JsonMapper json = JsonMapper.builder().build();
    McpJsonMapper mapper = new JacksonMcpJsonMapper(json);
    this.output = new ServerOutput(out, calls);
    this.relay = new StdinRelay(in, output, err, calls);
    this.sdkInput = new HeldInput(relay.sdkInput());
    this.transport = StdioTransport.over(mapper, sdkInput, output);
    this.server =
        McpServer.async(transport)
            .serverInfo("dsh", HostVersion.current())
            .capabilities(ServerCapabilities.builder().tools(false).build())
            .jsonMapper(mapper)
            .jsonSchemaValidator(new DefaultJsonSchemaValidator(json))
            // the tool checks its arguments itself, with messages that name the field
            .validateToolInputs(false)
            .tools(McpWebSearchTool.of(mapper, tools, ready, calls))
            .build();
    relay.start();
  }

  /**
   * Starts serving. {@code initialize}, {@code tools/list} and {@code ping} are answered at once: the
   * tool's name, description and schemas are the host's constants. A {@code tools/call} waits for
   * {@code ready}, so the host may still be booting when the server starts.
   *
   * @param tools the host's {@code web_search} tool as it is now, asked on every call once {@code
   *     ready} has completed; absent while the {@code tool-web} row is not running
   * @param ready completes when the host has booted; a call answers an error result if it fails
   * @param in the client's messages
   * @param out where the server's messages go, and nothing else
   * @param err where a message that is dropped unanswered is reported, one line each
   */
  public static McpStdioServer start(
      Supplier<Optional<WebSearchTool>> tools,
      CompletionStage<?> ready,
      InputStream in,
      OutputStream out,
      PrintStream err) {
    return new McpStdioServer(tools, ready, in, out, err);
  }

  /**
   * Serves until the session ends: the client's input has ended and every call then in flight has
   * been answered, or the client has left (its end of stdout closed), or the server cannot go on.
   *
   * @return empty when the session ended as it should; otherwise why not, in one line
   */
  public Optional<String> awaitEnd() throws InterruptedException {
    try {
      CompletableFuture.anyOf(relay.ended(), output.failed(), transport.died()).get();
    } catch (ExecutionException e) {
      // none of them completes exceptionally
    }
    if (transport.died().isDone()) {
      return Optional.of(transport.died().join() + "; the MCP session cannot go on");
    }
    if (output.failed().isDone()) {
      return clientGone()
          ? Optional.empty()
          : Optional.of(output.failed().join() + "; the MCP session cannot go on");
    }
    return answerCallsInFlight();
  }

  /** After a failed write: true when the client's input ends too, so the client has left. */
  private boolean clientGone() throws InterruptedException {
    try {
      relay.ended().get(CLIENT_GONE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    }
  }

  private Optional<String> answerCallsInFlight() throws InterruptedException {
    long start = System.nanoTime();
    CompletableFuture<Void> answered = calls.allAnswered();
    if (!awaitAnswered(answered, start + FINISH_GRACE.toNanos())) {
      calls.abortAll();
      awaitAnswered(answered, start + FINISH_GRACE.plus(ANSWER_BOUND).toNanos());
    }
    if (answered.isDone()) {
      return Optional.empty();
    }
    if (transport.died().isDone()) {
      return Optional.of(transport.died().join() + "; " + unanswered());
    }
    if (output.failed().isDone()) {
      // the client closed stdout as well as stdin: it has left, and wants no answers
      return Optional.empty();
    }
    if (output.stalled()) {
      return Optional.of("the MCP client does not read the server's output; " + unanswered());
    }
    return Optional.of(
        unanswered() + " within " + FINISH_GRACE.plus(ANSWER_BOUND).toMillis() + " ms of the end of input");
  }

  /**
   * Waits until {@code answered} completes or {@code deadline} (a {@link System#nanoTime()} value)
   * passes; gives up at once when no answer can be delivered any more.
   */
  private boolean awaitAnswered(CompletableFuture<Void> answered, long deadline)
      throws InterruptedException {
    while (!answered.isDone() && System.nanoTime() < deadline) {
      if (output.stalled() || output.failed().isDone() || transport.died().isDone()) {
        return false;
      }
      try {
        answered.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        // not yet
      }
    }
    return answered.isDone();
  }

  private String unanswered() {
    int n = calls.size();
    return n + (n == 1 ? " call was" : " calls were") + " not answered";
  }

  /** Aborts the calls still running and stops the server, waiting a bounded time. */
  @Override
  public void close() {
    transport.closing();
    calls.abortAll();
    sdkInput.release();
    try {
      server.closeGracefully().block(CLOSE_BOUND);
    } catch (RuntimeException e) {
      server.close();
    }
  }
}
