package dev.dsh.serve.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code /mcp} refuses before the SDK sees it: foreign pages, other hosts, bad bodies, a
 * missing or unknown session, a method or header the transport does not take. Every refusal is a
 * JSON-RPC error, never the Java exception the SDK would write. One server for the class: each
 * test opens sessions of its own, and none searches.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpRequestChecksTest {

  private SearchProStub stub;
  private ServedHost served;
  private McpHttp mcp;

  @BeforeAll
  void serve(@TempDir Path home) {
    stub = SearchProStub.routing(McpOverHttpTest::answer);
    served = ServedHost.start(home, stub.baseUrl(), "");
    mcp = new McpHttp(served);
  }

  @AfterAll
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
    // Refused on its declared length, before a byte is sent: a client that sent the body anyway
    // could see the connection reset instead of the answer, as with any HTTP/1.1 server.
    String big = served.raw("POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Authorization: Bearer " + ServedHost.TOKEN + "\r\nContent-Type: application/json\r\n"
        + "Accept: application/json, text/event-stream\r\nContent-Length: " + ((1 << 20) + 1)
        + "\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n");

    // The HTTP stack's own limit, before the MCP filter reads anything.
    assertThat(big).startsWith("HTTP/1.1 413 ")
        .contains("\"code\":\"BODY_TOO_LARGE\"")
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
  void aMissingSessionIdIs400AndAnUnknownOrEndedOneIs404() {
    String ended = mcp.initialize();
    assertThat(mcp.sendBodiless("DELETE", ended).statusCode()).isEqualTo(200);

    for (String session : new String[] {null, " ", "no-such-session", ended}) {
      int status = session == null || session.isBlank() ? 400 : 404;
      String message = status == 400
          ? "Bad Request: no Mcp-Session-Id header: send the one the initialize answer gave,"
              + " or initialize a new session"
          : "Session not found: it expired (unused for 30 min) or was ended; initialize a new"
              + " session";
      HttpResponse<String> post = mcp.send(session, McpHttp.ping(4));
      HttpResponse<String> notification = mcp.send(session, McpHttp.INITIALIZED);
      HttpResponse<String> get = mcp.sendBodiless("GET", session);
      HttpResponse<String> delete = mcp.sendBodiless("DELETE", session);

      for (HttpResponse<String> answer : List.of(post, notification, get, delete)) {
        assertThat(answer.statusCode()).as(session + " " + answer.request().method())
            .isEqualTo(status);
        assertThat(McpHttp.error(answer).path("error").path("message").asString())
            .isEqualTo(message);
      }
      assertThat(McpHttp.error(post).path("id").asInt()).isEqualTo(4);
      assertThat(McpHttp.error(get).path("id").isNull()).isTrue();
    }
  }

  @Test
  void aMethodContentTypeOrAcceptTheTransportDoesNotTakeIsAJsonRpcError() {
    String session = mcp.initialize();

    HttpResponse<String> put = mcp.sendBodiless("PUT", session);
    HttpResponse<String> text = served.send(mcp.post(session, McpHttp.ping(1))
        .setHeader("Content-Type", "text/plain").build());
    HttpResponse<String> jsonOnly = served.send(mcp.post(session, McpHttp.ping(2))
        .setHeader("Accept", "application/json").build());
    HttpResponse<String> getJson = served.send(served.request("/mcp")
        .header("Mcp-Session-Id", session).header("Accept", "application/json").GET().build());

    assertThat(put.statusCode()).isEqualTo(405);
    assertThat(put.headers().firstValue("Allow")).hasValue("GET, POST, DELETE");
    assertThat(error(put)).isEqualTo(
        "Method Not Allowed: /mcp takes GET, POST, DELETE on this server, not PUT");
    assertThat(text.statusCode()).isEqualTo(415);
    assertThat(error(text)).isEqualTo(
        "Unsupported Media Type: a POST to /mcp must have Content-Type application/json");
    assertThat(jsonOnly.statusCode()).isEqualTo(406);
    assertThat(error(jsonOnly)).isEqualTo("Not Acceptable: a POST to /mcp must have an Accept"
        + " header listing both application/json and text/event-stream");
    assertThat(getJson.statusCode()).isEqualTo(406);
    assertThat(error(getJson)).isEqualTo(
        "Not Acceptable: a GET of /mcp must have an Accept header listing text/event-stream");
    // the session goes on
    assertThat(mcp.send(session, McpHttp.ping(3)).statusCode()).isEqualTo(200);
  }

  @Test
  void whatTheSdkStillFailsOnIsAJsonRpcErrorWithoutItsExceptionText() {
    String session = mcp.initialize();

    // the SDK fails a response to no request of its own, and fails to ask a client with no
    // listening stream for its roots
    HttpResponse<String> response =
        mcp.send(session, "{\"jsonrpc\":\"2.0\",\"id\":77,\"result\":{}}");
    HttpResponse<String> roots = mcp.send(session,
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(McpHttp.error(response).path("id").isNull()).isTrue();
    assertThat(error(response))
        .isEqualTo("Invalid Request: the server is waiting for no response with this id");
    assertThat(roots.statusCode()).isEqualTo(500);
    assertThat(code(roots)).isEqualTo(-32603);
    assertThat(error(roots)).isEqualTo(
        "Internal error: the MCP server failed on this message; the server's log says why");
    assertThat(mcp.send(session, McpHttp.ping(3)).statusCode()).isEqualTo(200);
  }

  private static String error(HttpResponse<String> response) {
    return McpHttp.error(response).path("error").path("message").asString();
  }

  private static int code(HttpResponse<String> response) {
    return McpHttp.error(response).path("error").path("code").asInt();
  }
}
