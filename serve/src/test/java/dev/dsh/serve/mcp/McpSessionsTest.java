package dev.dsh.serve.mcp;

import static dev.dsh.serve.mcp.McpHttp.SOON;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.ServeOptions;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The session cap and idle expiry of {@code /mcp}, and a session's end. That a session in use never
 * expires is {@code McpSessionExpiryTest}'s, on a clock it moves.
 */
class McpSessionsTest {

  @TempDir Path home;

  private static ServedHost serve(SearchProStub stub, Path home, int cap, Duration idle) {
    return ServedHost.start(home, stub.baseUrl(), "", options -> new ServeOptions(options.bind(),
        options.port(), false, options.tokenFile(), options.tlsKeystore(), options.accessLog(),
        options.drainDeadline(), cap, idle, List.of(), List.of()));
  }

  @Test
  void aSessionPastTheCapIsRefusedWithHowToRaiseIt() {
    try (SearchProStub stub = SearchProStub.routing(McpOverHttpTest::answer);
        ServedHost served = serve(stub, home, 2, Duration.ofMinutes(30))) {
      McpHttp mcp = new McpHttp(served);
      String first = mcp.initialize();
      mcp.initialize();

      HttpResponse<String> third = mcp.send(null, McpHttp.INITIALIZE);
      JsonNode error = McpHttp.messages(third).get(0);
      assertThat(third.statusCode()).isEqualTo(503);
      assertThat(error.path("id").asInt()).isEqualTo(1);
      assertThat(error.path("error").path("message").asString())
          .contains("2 MCP sessions are open").contains("--max-sessions")
          .contains("after 30 min unused");

      // a session its client ends makes room
      HttpResponse<String> deleted = served.send(served.request("/mcp")
          .header("Mcp-Session-Id", first).DELETE().build());
      assertThat(deleted.statusCode()).isEqualTo(200);
      assertThat(mcp.send(first, McpHttp.ping(2)).statusCode()).isEqualTo(404);
      assertThat(mcp.send(null, McpHttp.INITIALIZE).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void anUnusedSessionExpiresAndItsIdIsThen404() throws Exception {
    try (SearchProStub stub = SearchProStub.routing(McpOverHttpTest::answer);
        ServedHost served = serve(stub, home, 1, Duration.ofSeconds(1))) {
      McpHttp mcp = new McpHttp(served);
      String old = mcp.initialize();

      // the cap is one: a new session opens only once the old one has expired
      long deadline = System.nanoTime() + SOON.toNanos();
      HttpResponse<String> next = mcp.send(null, McpHttp.INITIALIZE);
      while (next.statusCode() == 503 && System.nanoTime() < deadline) {
        Thread.sleep(50);
        next = mcp.send(null, McpHttp.INITIALIZE);
      }
      HttpResponse<String> expired = mcp.send(old, McpHttp.ping(3));

      assertThat(next.statusCode()).isEqualTo(200);
      assertThat(expired.statusCode()).isEqualTo(404);
      assertThat(McpHttp.messages(expired).get(0).path("error").path("message").asString())
          .isEqualTo("Session not found: it expired (unused for 1 s) or was ended;"
              + " initialize a new session");
    }
  }

  @Test
  void endingASessionAbortsItsCalls() throws Exception {
    try (SearchProStub stub = SearchProStub.routing(McpOverHttpTest::answer);
        ServedHost served = serve(stub, home, 10, Duration.ofMinutes(30))) {
      McpHttp mcp = new McpHttp(served);
      String session = mcp.initialize();
      CompletableFuture<HttpResponse<String>> call =
          mcp.sendAsync(session, McpHttp.call(5, "held-forever"));
      stub.awaitRequest(request -> McpOverHttpTest.query(request).equals("held-forever"), SOON);

      HttpResponse<String> deleted = served.send(served.request("/mcp")
          .header("Mcp-Session-Id", session).method("DELETE", HttpRequest.BodyPublishers.noBody())
          .build());

      assertThat(deleted.statusCode()).isEqualTo(200);
      stub.awaitHeldClosedByClient(1, SOON);
      call.get(SOON.toMillis(), TimeUnit.MILLISECONDS);
    }
  }
}
