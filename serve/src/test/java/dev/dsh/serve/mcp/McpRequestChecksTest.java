package dev.dsh.serve.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What {@code /mcp} refuses before the SDK sees it: foreign pages, other hosts, bad bodies. */
class McpRequestChecksTest {

  @TempDir Path home;

  private SearchProStub stub;
  private ServedHost served;
  private McpHttp mcp;

  @BeforeEach
  void serve() {
    stub = SearchProStub.routing(McpOverHttpTest::answer);
    served = ServedHost.start(home, stub.baseUrl(), "");
    mcp = new McpHttp(served);
  }

  @AfterEach
  void stop() {
    served.close();
    stub.close();
  }

  @Test
  void aForeignBrowserOriginIs403AndTheServersOwnPasses() {
    String own = served.server().url().toString();
    HttpResponse<String> foreign = served.send(mcp.post(null, McpHttp.INITIALIZE)
        .header("Origin", "http://evil.example").build());
    HttpResponse<String> same = served.send(mcp.post(null, McpHttp.INITIALIZE)
        .header("Origin", own).build());
    HttpResponse<String> localhost = served.send(mcp.post(null, McpHttp.INITIALIZE)
        .header("Origin", "http://localhost:" + served.server().url().getPort()).build());

    assertThat(foreign.statusCode()).isEqualTo(403);
    assertThat(error(foreign)).startsWith("Forbidden: the request's Origin is not this server's")
        .contains(own).doesNotContain("evil.example");
    assertThat(same.statusCode()).isEqualTo(200);
    assertThat(localhost.statusCode()).isEqualTo(200);
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void aHostThatIsNotTheServerIs421() throws Exception {
    int port = served.server().url().getPort();

    assertThat(McpHttp.rawStatus(served.server().url(), "rebound.example:" + port,
        McpHttp.INITIALIZE)).isEqualTo("HTTP/1.1 421 Misdirected Request");
    assertThat(McpHttp.rawStatus(served.server().url(), "127.0.0.1:1", McpHttp.INITIALIZE))
        .isEqualTo("HTTP/1.1 421 Misdirected Request");
    assertThat(McpHttp.rawStatus(served.server().url(), "localhost:" + port, McpHttp.INITIALIZE))
        .isEqualTo("HTTP/1.1 200 OK");
  }

  @Test
  void aBodyOverOneMebibyteIs413() {
    String padding = "x".repeat(1 << 20);
    HttpResponse<String> big = mcp.send(null, "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":"
        + "\"ping\",\"params\":{\"p\":\"" + padding + "\"}}");

    // The HTTP stack's own limit, before the MCP filter reads anything.
    assertThat(big.statusCode()).isEqualTo(413);
    assertThat(big.body()).contains("\"code\":\"BODY_TOO_LARGE\"")
        .contains("the request body is over the 1048576-byte (1 MiB) cap");
  }

  @Test
  void bodiesTheSdkWouldAnswerWithJavaTextAreRefusedNamingTheField() {
    String session = mcp.initialize();

    HttpResponse<String> notJson = mcp.send(session, "{\"jsonrpc\":");
    HttpResponse<String> batch = mcp.send(session, "[" + McpHttp.ping(1) + "]");
    HttpResponse<String> badId =
        mcp.send(session, "{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}");
    HttpResponse<String> badVersion =
        mcp.send(session, "{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}");
    HttpResponse<String> empty = mcp.send(session, "");

    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(code(notJson)).isEqualTo(-32700);
    assertThat(error(batch)).isEqualTo(
        "Invalid Request: a message is one JSON object (batches are not supported)");
    assertThat(error(badId)).isEqualTo(
        "Invalid Request: \"id\" must be a string or a 64-bit integer");
    assertThat(error(badVersion)).isEqualTo("Invalid Request: \"jsonrpc\" must be \"2.0\"");
    assertThat(McpHttp.messages(badVersion).get(0).path("id").asInt()).isEqualTo(2);
    assertThat(empty.statusCode()).isEqualTo(400);
    assertThat(error(empty)).startsWith("Invalid Request: a message is one JSON object");
  }

  @Test
  void anUnknownSessionIs404() {
    HttpResponse<String> unknown = mcp.send("no-such-session", McpHttp.ping(1));

    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(error(unknown)).startsWith("Session not found");
  }

  private static String error(HttpResponse<String> response) {
    return body(response).path("error").path("message").asString();
  }

  private static int code(HttpResponse<String> response) {
    return body(response).path("error").path("code").asInt();
  }

  private static JsonNode body(HttpResponse<String> response) {
    return McpHttp.JSON.readTree(response.body());
  }
}
