package dev.dsh.app.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.InitializeResult;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio transport as {@code dsh mcp} uses it, with three changes:
 *
 * <ul>
 *   <li>it reads what {@link StdinRelay} passes on, which has bounded every line already, so the
 *       transport's own bound (which ends the session on a longer line) is lifted: a call the relay
 *       tags, or a number it writes back, may grow a line a little;
 *   <li>the {@code initialize} result declares no {@code logging} capability. SDK 2.1.0 adds it to
 *       every server's capabilities; dsh sends no log messages (its logs are on stderr), so a client
 *       is not offered {@code logging/setLevel}, which the relay answers {@code -32601};
 *   <li>it is watched: when the SDK's session transport closes, or fails to send a message, before
 *       the server has begun to close, the transport has died and the server cannot go on; {@link
 *       #died()} then completes with the reason.
 * </ul>
 */
final class StdioTransport implements McpServerTransportProvider {

  private final McpServerTransportProvider sdk;
  private final CompletableFuture<String> died = new CompletableFuture<>();
  private volatile boolean closing;

  /** Wraps {@code sdk}, the SDK's provider (a fake one in tests). */
  StdioTransport(McpServerTransportProvider sdk) {
    this.sdk = sdk;
  }

  /** The transport reading {@code relayed} (the relay's output) and writing {@code out}. */
  static StdioTransport over(McpJsonMapper mapper, InputStream relayed, OutputStream out) {
    return new StdioTransport(
        new StdioServerTransportProvider(mapper, relayed, out, Integer.MAX_VALUE));
  }

  /** Completes with the reason once the SDK's transport has stopped on its own. */
  CompletableFuture<String> died() {
    return died;
  }

  /** The server is closing: the transport stopping from now on is expected. */
  void closing() {
    closing = true;
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory sessions) {
    sdk.setSessionFactory(session -> sessions.create(new Session(session)));
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    return sdk.notifyClients(method, params);
  }

  @Override
  public Mono<Void> notifyClient(String sessionId, String method, Object params) {
    return sdk.notifyClient(sessionId, method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    closing = true;
    return sdk.closeGracefully();
  }

  @Override
  public void close() {
    closing = true;
    sdk.close();
  }

  @Override
  public List<String> protocolVersions() {
    return sdk.protocolVersions();
  }

  private void stopped(String reason) {
    if (!closing) {
      died.complete(reason);
    }
  }

  /**
   * The session's transport: sends the {@code initialize} result without {@code logging}, and
   * reports the SDK's transport stopping.
   */
  private final class Session implements McpServerTransport {
    private final McpServerTransport session;

    Session(McpServerTransport session) {
      this.session = session;
    }

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return session
          .sendMessage(withoutLogging(message))
          .doOnError(e -> stopped("the MCP SDK's transport could not send a message"));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return session.unmarshalFrom(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      stopped("the MCP SDK's transport closed the session");
      return session.closeGracefully();
    }

    @Override
    public void close() {
      stopped("the MCP SDK's transport stopped reading the client's messages");
      session.close();
    }

    @Override
    public List<String> protocolVersions() {
      return session.protocolVersions();
    }
  }

  private static JSONRPCMessage withoutLogging(JSONRPCMessage message) {
    if (!(message instanceof JSONRPCResponse response)
        || !(response.result() instanceof InitializeResult result)
        || result.capabilities() == null
        || result.capabilities().logging() == null) {
      return message;
    }
    ServerCapabilities declared = result.capabilities();
    ServerCapabilities capabilities =
        new ServerCapabilities(
            declared.completions(),
            declared.experimental(),
            null,
            declared.prompts(),
            declared.resources(),
            declared.tools(),
            declared.extensions());
    return JSONRPCResponse.result(
        response.id(),
        new InitializeResult(
            result.protocolVersion(),
            capabilities,
            result.serverInfo(),
            result.instructions(),
            result.meta()));
  }
}
