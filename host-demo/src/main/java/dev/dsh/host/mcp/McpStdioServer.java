package dev.dsh.host.mcp;

import dev.dsh.host.HostVersion;
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
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * An MCP server on a pair of streams (stdio for {@code dsh mcp}) offering one tool, {@code
 * web_search}, built on the official MCP Java SDK's async server and its stdio transport.
 *
 * <p>The output stream carries protocol messages only, one a line. Calls run concurrently; a
 * client's {@code notifications/cancelled} aborts the searches of that call (see {@link
 * StdinRelay} for how, on SDK 2.1.0). {@link #close()} aborts the calls still running and stops the
 * server.
 */
public final class McpStdioServer implements AutoCloseable {

  private static final Duration CLOSE_BOUND = Duration.ofSeconds(2);

  private final CallSignals calls = new CallSignals();
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
    this.relay = new StdinRelay(in, out, err, calls);
    this.server =
        McpServer.async(StdioTransport.over(mapper, relay.sdkInput(), out))
            .serverInfo("dsh", HostVersion.current())
            .capabilities(ServerCapabilities.builder().tools(false).build())
            .jsonMapper(mapper)
            .jsonSchemaValidator(new DefaultJsonSchemaValidator(json))
            // the tool checks its arguments itself, with messages that name the field
            .validateToolInputs(false)
            .tools(WebSearchToolSpec.of(mapper, tools, ready, calls))
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

  /** Waits until the client's input ends. */
  public void awaitEndOfInput() throws InterruptedException {
    try {
      relay.ended().get();
    } catch (ExecutionException e) {
      // the relay completes normally in every case; nothing to report
    }
  }

  /** Aborts the calls still running and stops the server, waiting a bounded time. */
  @Override
  public void close() {
    calls.abortAll();
    try {
      server.closeGracefully().block(CLOSE_BOUND);
    } catch (RuntimeException e) {
      server.close();
    }
  }
}
