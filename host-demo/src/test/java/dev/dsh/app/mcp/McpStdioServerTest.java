package dev.dsh.app.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.json.Json;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCMessage;
import io.modelcontextprotocol.spec.McpSchema.JSONRPCNotification;
import io.modelcontextprotocol.spec.McpServerTransport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The SDK's session transport closing, or failing to send, is it stopping, told with its reason;
 * stopping once the server closes is no death. A ping is answered before the session is
 * initialized, which the SDK would not do.
 */
class McpStdioServerTest {

  private final List<String> stopped = new CopyOnWriteArrayList<>();
  private final FakeTransport sdkSide = new FakeTransport();
  private final McpStdioServer.Watched watched = new McpStdioServer.Watched(sdkSide, stopped::add);

  @Test
  void theTransportClosingTheSessionIsItStopping() {
    watched.close();

    assertThat(stopped).containsExactly("the MCP SDK's transport stopped reading the client's messages");
    assertThat(sdkSide.closed).isTrue();
  }

  @Test
  void aMessageTheTransportCannotSendIsItStopping() {
    sdkSide.failSends = true;

    watched.sendMessage(new JSONRPCNotification("2.0", "ping", null)).onErrorComplete().block();

    assertThat(stopped).containsExactly("the MCP SDK's transport could not send a message");
  }

  @Test
  void theTransportStoppingOnceTheServerClosesIsNoDeath() throws Exception {
    McpStdioServer server = start(InputStream.nullInputStream());

    server.close();

    assertThat(awaitEnd(server)).isEmpty();
  }

  @Test
  void pingIsAnsweredBeforeInitializeAndNoLoggingCapabilityIsDeclared() throws Exception {
    PipedOutputStream client = new PipedOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    McpStdioServer server = new McpStdioServer(Optional::empty,
        CompletableFuture.completedFuture(null), new PipedInputStream(client), out,
        new PrintStream(new ByteArrayOutputStream(), true));
    try {
      client.write(("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n"
          + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n").getBytes(UTF_8));
      client.flush();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (out.toString(UTF_8).split("\n").length < 2 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      String[] lines = out.toString(UTF_8).split("\n");

      assertThat(Json.MAPPER.readTree(lines[0]))
          .isEqualTo(Json.MAPPER.readTree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"));
      JsonNode capabilities = Json.MAPPER.readTree(lines[1]).path("result").path("capabilities");
      assertThat(capabilities.has("tools")).as(capabilities.toString()).isTrue();
      assertThat(capabilities.has("logging")).as(capabilities.toString()).isFalse();
    } finally {
      client.close();
      server.close();
    }
  }

  private static McpStdioServer start(InputStream in) throws IOException {
    return new McpStdioServer(Optional::empty, CompletableFuture.completedFuture(null), in,
        new ByteArrayOutputStream(), new PrintStream(new ByteArrayOutputStream(), true));
  }

  private static Optional<String> awaitEnd(McpStdioServer server) throws Exception {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return server.awaitEnd();
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    }).get(30, TimeUnit.SECONDS);
  }

  private static final class FakeTransport implements McpServerTransport {
    volatile boolean closed;
    volatile boolean failSends;

    @Override
    public Mono<Void> sendMessage(JSONRPCMessage message) {
      return failSends ? Mono.error(new IOException("Failed to enqueue message")) : Mono.empty();
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
