package dev.dsh.serve.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.serve.testing.ServedHost;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** MCP over HTTP for the tests: the SDK's own client, and raw JSON-RPC posts to {@code /mcp}. */
public final class McpHttp {

  static final JsonMapper JSON = JsonMapper.builder().build();

  /** A generous bound on anything the tests wait for. */
  static final Duration SOON = Duration.ofSeconds(20);

  static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

  static final String INITIALIZED =
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

  static final String SET_LEVEL = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"logging/setLevel\","
      + "\"params\":{\"level\":\"debug\"}}";

  /** The words {@code dsh mcp} on stdio refuses {@code logging/setLevel} with, as {@code /mcp} does. */
  static final String NO_LOGGING =
      "Method not found: logging/setLevel (dsh does not offer the logging capability)";

  private final ServedHost served;

  public McpHttp(ServedHost served) {
    this.served = served;
  }

  /** The SDK's client over Streamable HTTP, sending the test token, initialized. */
  McpSyncClient client() {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(served.server().url().toString())
            .endpoint("/mcp")
            .jsonMapper(new JacksonMcpJsonMapper(JSON))
            .httpRequestCustomizer(
                (request, method, uri, body, context) ->
                    request.header("Authorization", "Bearer " + ServedHost.TOKEN))
            .build();
    McpSyncClient client =
        McpClient.sync(transport).requestTimeout(SOON).build();
    client.initialize();
    return client;
  }

  /** A POST of {@code json} to {@code /mcp}, on {@code session} when not null. */
  HttpRequest.Builder post(String session, String json) {
    HttpRequest.Builder request =
        served.request("/mcp")
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    return session == null ? request : request.header("Mcp-Session-Id", session);
  }

  public HttpResponse<String> send(String session, String json) {
    return served.send(post(session, json).build());
  }

  CompletableFuture<HttpResponse<String>> sendAsync(String session, String json) {
    return CompletableFuture.supplyAsync(() -> send(session, json));
  }

  /** A {@code GET} or {@code DELETE} of {@code /mcp}, on {@code session} when not null. */
  HttpResponse<String> sendBodiless(String method, String session) {
    HttpRequest.Builder request = served.request("/mcp").header("Accept", "text/event-stream")
        .method(method, HttpRequest.BodyPublishers.noBody());
    return served.send(
        (session == null ? request : request.header("Mcp-Session-Id", session)).build());
  }

  /**
   * The JSON-RPC error of {@code response}, which must be nothing else: {@code {"jsonrpc","id",
   * "error":{"code","message"}}}, without a stack trace or a Java class name.
   */
  static JsonNode error(HttpResponse<String> response) {
    String body = response.body();
    assertThat(body).doesNotContain("stackTrace", "jsonRpcError", "Exception", "java.",
        "io.modelcontextprotocol", "tools.jackson", ServedHost.TOKEN, ServedHost.KEY);
    JsonNode answer = JSON.readTree(body);
    assertThat(answer.propertyNames()).containsExactlyInAnyOrder("jsonrpc", "id", "error");
    assertThat(answer.path("error").propertyNames()).containsExactlyInAnyOrder("code", "message");
    return answer;
  }

  /** Initializes a raw session: its id. */
  public String initialize() {
    HttpResponse<String> response = send(null, INITIALIZE);
    if (response.statusCode() != 200) {
      throw new AssertionError("initialize: " + response.statusCode() + " " + response.body());
    }
    String session = response.headers().firstValue("Mcp-Session-Id").orElseThrow();
    send(session, INITIALIZED);
    return session;
  }

  /** A {@code tools/call} of {@code web_search} with id {@code id} and {@code queries}. */
  public static String call(int id, String... queries) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{"
        + "\"name\":\"web_search\",\"arguments\":{\"queries\":" + JSON.writeValueAsString(queries)
        + "}}}";
  }

  static String cancel(int id) {
    return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{"
        + "\"requestId\":" + id + ",\"reason\":\"the user gave up\"}}";
  }

  static String ping(int id) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"ping\"}";
  }

  /** The messages of a response: its SSE events' data, or its JSON body. */
  public static List<JsonNode> messages(HttpResponse<String> response) {
    String body = response.body();
    if (!response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
      return body.isBlank() ? List.of() : List.of(JSON.readTree(body));
    }
    return body.lines()
        .filter(line -> line.startsWith("data:"))
        .map(line -> JSON.readTree(line.substring("data:".length())))
        .toList();
  }

  /**
   * The status line of a request sent over a plain socket, where any {@code Host} can be sent
   * (the JDK's client refuses to set it).
   */
  static String rawStatus(URI server, String host, String body) throws IOException {
    try (Socket socket = new Socket(server.getHost(), server.getPort())) {
      socket.setSoTimeout((int) SOON.toMillis());
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      String head = "POST /mcp HTTP/1.1\r\nHost: " + host + "\r\n"
          + "Authorization: Bearer " + ServedHost.TOKEN + "\r\n"
          + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
          + "Content-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n";
      OutputStream out = socket.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(bytes);
      out.flush();
      InputStream in = socket.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return answer.lines().findFirst().orElse("");
    }
  }
}
