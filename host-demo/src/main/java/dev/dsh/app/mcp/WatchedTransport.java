package dev.dsh.app.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import reactor.core.publisher.Mono;

/**
 * The SDK's transport provider, watched: when the SDK's session transport closes, or fails to send
 * a message, before the server has begun to close, the transport has died and the server cannot
 * go on; {@link #died()} then completes with the reason. Everything else is passed through.
 */
final class WatchedTransport implements McpServerTransportProvider {

  private final McpServerTransportProvider delegate;
  private final CompletableFuture<String> died = new CompletableFuture<>();
  private volatile boolean closing;

  WatchedTransport(McpServerTransportProvider delegate) {
    this.delegate = delegate;
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
  public void setSessionFactory(McpServerSession.Factory factory) {
    delegate.setSessionFactory(transport -> factory.create(new Session(transport)));
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    return delegate.notifyClients(method, params);
  }

  @Override
  public Mono<Void> notifyClient(String sessionId, String method, Object params) {
    return delegate.notifyClient(sessionId, method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    closing = true;
    return delegate.closeGracefully();
  }

  @Override
  public void close() {
    closing = true;
    delegate.close();
  }

  @Override
  public List<String> protocolVersions() {
    return delegate.protocolVersions();
  }

  private void stopped(String reason) {
    if (!closing) {
      died.complete(reason);
    }
  }

  private final class Session implements McpServerTransport {
    private final McpServerTransport transport;

    Session(McpServerTransport transport) {
      this.transport = transport;
    }

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return transport
          .sendMessage(message)
          .doOnError(e -> stopped("the MCP SDK's transport could not send a message"));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return transport.unmarshalFrom(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      stopped("the MCP SDK's transport closed the session");
      return transport.closeGracefully();
    }

    @Override
    public void close() {
      stopped("the MCP SDK's transport stopped reading the client's messages");
      transport.close();
    }

    @Override
    public List<String> protocolVersions() {
      return transport.protocolVersions();
    }
  }
}
