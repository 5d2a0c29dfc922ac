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
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio transport as {@code dsh mcp} uses it, with two changes:
 *
 * <ul>
 *   <li>it reads what {@link StdinRelay} passes on, which has bounded every line already, so the
 *       transport's own bound (which ends the session on a longer line) is lifted: a call the relay
 *       tags, or a number it writes back, may grow a line a little;
 *   <li>the {@code initialize} result declares no {@code logging} capability. SDK 2.1.0 adds it to
 *       every server's capabilities; dsh sends no log messages (its logs are on stderr), so a client
 *       is not offered {@code logging/setLevel}, which the relay answers {@code -32601}.
 * </ul>
 */
final class StdioTransport implements McpServerTransportProvider {

  private final StdioServerTransportProvider transport;

  private StdioTransport(StdioServerTransportProvider transport) {
    this.transport = transport;
  }

  /** The transport reading {@code relayed} (the relay's output) and writing {@code out}. */
  static McpServerTransportProvider over(McpJsonMapper mapper, InputStream relayed, OutputStream out) {
    return new StdioTransport(
        new StdioServerTransportProvider(mapper, relayed, out, Integer.MAX_VALUE));
  }

  @Override
  public void setSessionFactory(McpServerSession.Factory sessions) {
    transport.setSessionFactory(session -> sessions.create(new WithoutLogging(session)));
  }

  @Override
  public Mono<Void> notifyClients(String method, Object params) {
    return transport.notifyClients(method, params);
  }

  @Override
  public Mono<Void> notifyClient(String sessionId, String method, Object params) {
    return transport.notifyClient(sessionId, method, params);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return transport.closeGracefully();
  }

  @Override
  public void close() {
    transport.close();
  }

  @Override
  public List<String> protocolVersions() {
    return transport.protocolVersions();
  }

  /** The session's transport, sending the {@code initialize} result without {@code logging}. */
  private record WithoutLogging(McpServerTransport session) implements McpServerTransport {

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return session.sendMessage(withoutLogging(message));
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      return session.unmarshalFrom(data, type);
    }

    @Override
    public Mono<Void> closeGracefully() {
      return session.closeGracefully();
    }

    @Override
    public void close() {
      session.close();
    }

    @Override
    public List<String> protocolVersions() {
      return session.protocolVersions();
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
}
