package dev.dsh.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema.Implementation;
import io.modelcontextprotocol.spec.McpSchema.InitializeResult;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCResponse;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The SDK's transport stopping on its own is seen, stopping once the server closes is not, and the
 * {@code initialize} result goes out without the {@code logging} capability the SDK adds.
 */
class StdioTransportTest {

  private final FakeTransport sdkSide = new FakeTransport();
  private final AtomicReference<McpServerTransport> seenBySession = new AtomicReference<>();
  private final StdioTransport watched = new StdioTransport(new FakeProvider());

  StdioTransportTest() {
    watched.setSessionFactory(
        transport -> {
          seenBySession.set(transport);
          return null; // the fake provider keeps no session
        });
  }

  @Test
  void theTransportClosingTheSessionBeforeTheServerClosesIsADeath() {
    seenBySession.get().close();

    assertThat(watched.died())
        .isCompletedWithValue("the MCP SDK's transport stopped reading the client's messages");
    assertThat(sdkSide.closed).isTrue();
  }

  @Test
  void aMessageTheTransportCannotSendIsADeath() {
    sdkSide.failSends = true;

    seenBySession.get().sendMessage(new JSONRPCNotification("2.0", "ping", null)).onErrorComplete().block();

    assertThat(watched.died()).isCompletedWithValue("the MCP SDK's transport could not send a message");
  }

  @Test
  void theTransportClosingOnceTheServerClosesIsNoDeath() {
    watched.closing();
    seenBySession.get().close();

    assertThat(watched.died()).isNotDone();
  }

  @Test
  void theInitializeResultGoesOutWithoutLoggingAndOtherMessagesAsTheyAre() {
    ServerCapabilities declared = ServerCapabilities.builder().tools(false).logging().build();
    InitializeResult initialized = new InitializeResult(
        "2025-06-18", declared, new Implementation("dsh", "1"), null, null);
    JSONRPCNotification ping = new JSONRPCNotification("2.0", "ping", null);

    seenBySession.get().sendMessage(JSONRPCResponse.result(7, initialized)).block();
    seenBySession.get().sendMessage(ping).block();

    assertThat(sdkSide.sent).hasSize(2);
    JSONRPCResponse sent = (JSONRPCResponse) sdkSide.sent.get(0);
    assertThat(sent.id()).isEqualTo(7);
    InitializeResult result = (InitializeResult) sent.result();
    assertThat(result.capabilities().logging()).isNull();
    assertThat(result.capabilities().tools()).isEqualTo(declared.tools());
    assertThat(result.serverInfo()).isEqualTo(initialized.serverInfo());
    assertThat(sdkSide.sent.get(1)).isSameAs(ping);
  }

  private final class FakeProvider implements McpServerTransportProvider {
    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
      factory.create(sdkSide);
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
      return Mono.empty();
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }
  }

  private static final class FakeTransport implements McpServerTransport {
    volatile boolean closed;
    volatile boolean failSends;
    final List<JSONRPCMessage> sent = new CopyOnWriteArrayList<>();

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      sent.add(message);
      return failSends ? Mono.error(new IllegalStateException("Failed to enqueue message")) : Mono.empty();
    }

    @Override
    public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Mono<Void> closeGracefully() {
      return Mono.empty();
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
