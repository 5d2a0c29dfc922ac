package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.serve.DshServer;
import dev.dsh.serve.ServeOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The table of bad lines {@code dsh mcp} answers on stdio ({@link McpHostileLinesTest}), POSTed to
 * {@code dsh serve}'s {@code /mcp}, with a session and stateless: each request gets the same
 * JSON-RPC error (code, message, id) as on stdio, {@code 200} for a request the server reads but
 * refuses, {@code 400} for anything that is no message it can take; a malformed notification or
 * response, which stdio drops with one stderr line, is {@code 400} with that line's words. No
 * answer holds a stack trace or a Java class name, and the session goes on.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpBadLinesOverHttpTest {

  private static final String TOKEN = "bad-lines-token-0123456789abcdef0123456789";
  private static final String TABLE = "dev.dsh.app.cli.McpHostileLinesTest#";
  private static final String TOOLS_LIST = "{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"tools/list\"}";
  private static final String DROPPED = "dsh: dropped ";

  private final HttpClient http = HttpClient.newHttpClient();
  private final List<String> log = new CopyOnWriteArrayList<>();
  private DshServer withSessions;
  private DshServer stateless;
  private String session;

  @BeforeAll
  void serve(@TempDir Path dir) throws Exception {
    withSessions = serve(dir.resolve("sessions"), false);
    stateless = serve(dir.resolve("stateless"), true);
    HttpResponse<String> initialized = post(withSessions, null, "{\"jsonrpc\":\"2.0\",\"id\":1,"
        + "\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"bad-lines\",\"version\":\"1\"}}}");
    session = initialized.headers().firstValue("Mcp-Session-Id").orElseThrow();
    post(withSessions, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
  }

  @AfterAll
  void stop() {
    for (DshServer server : new DshServer[] {withSessions, stateless}) {
      if (server != null) {
        server.close();
      }
    }
    assertThat(log).noneMatch(line -> line.contains(TOKEN));
  }

  @ParameterizedTest
  @MethodSource(TABLE + "requests")
  void aBadRequestGetsTheAnswerItGetsOnStdio(String line, String id, int code, String message)
      throws Exception {
    int status = code == -32700 || code == -32600 ? 400 : 200;

    assertAnswered(line, status, McpHostileLinesTest.error(id, code, message));
  }

  @ParameterizedTest
  @MethodSource(TABLE + "unanswerable")
  void aBadNotificationOrResponseIs400WithTheWordsStdioLogs(String line, String reported)
      throws Exception {
    assertThat(reported).startsWith(DROPPED);
    String why = "Invalid Request: " + reported.substring(DROPPED.length());

    assertAnswered(line, 400, McpHostileLinesTest.error("null", -32600, why));
  }

  private void assertAnswered(String line, int status, JsonNode expected) throws Exception {
    for (HttpResponse<String> answer : List.of(
        post(withSessions, session, line), post(stateless, null, line))) {
      assertThat(answer.statusCode()).as(answer.uri().toString()).isEqualTo(status);
      assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
          type -> assertThat(type).startsWith("application/json"));
      assertThat(answer.body()).doesNotContain("stackTrace", "Exception", "java.",
          "io.modelcontextprotocol", "tools.jackson", TOKEN);
      assertThat(McpClientProcess.JSON.readTree(answer.body())).isEqualTo(expected);
    }
    // the session goes on
    assertThat(post(withSessions, session, TOOLS_LIST).statusCode()).isEqualTo(200);
  }

  private DshServer serve(Path home, boolean isStateless) throws Exception {
    Files.createDirectories(home);
    ServeOptions options = new ServeOptions(ServeOptions.DEFAULT_BIND, 0, isStateless,
        Optional.empty(), Optional.empty(), Optional.empty(), Duration.ofSeconds(10), 1_000,
        Duration.ofMinutes(30), List.of(), List.of());
    HostOptions host = new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(Map.of("DSH_SERVE_TOKEN", TOKEN)), log::add);
    // The host never boots: no line of the table reaches the tool.
    return DshServer.start(options, host, log::add);
  }

  private HttpResponse<String> post(DshServer server, String session, String json)
      throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.url() + "/mcp"))
        .timeout(Duration.ofSeconds(30))
        .header("Authorization", "Bearer " + TOKEN)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(json));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
