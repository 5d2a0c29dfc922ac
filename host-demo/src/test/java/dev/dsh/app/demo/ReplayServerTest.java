package dev.dsh.app.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ReplayServerTest {

  private static ReplayServer replay;
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @BeforeAll
  static void start() {
    replay = new ReplayServer();
  }

  @AfterAll
  static void stop() {
    replay.close();
  }

  private static JsonNode post(String path, String body) throws Exception {
    HttpResponse<String> response =
        CLIENT.send(
            HttpRequest.newBuilder(URI.create(replay.baseUrl() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(response.body());
  }

  @Test
  void servesAtMostCntPagesAsJsonStringsEchoingTheQuery() throws Exception {
    JsonNode response = post("/SearchPro", "{\"Query\":\"DeepSeek\",\"Cnt\":3}").get("Response");
    assertThat(response.get("Query").asString()).isEqualTo("DeepSeek");
    assertThat(response.get("Pages")).hasSize(3);
    JsonNode first = JSON.readTree(response.get("Pages").get(0).asString());
    assertThat(first.get("url").asString()).startsWith("https://");
    assertThat(first.get("passage").asString()).isNotBlank();
  }

  @Test
  void listensOnLoopbackOnly() {
    assertThat(replay.baseUrl().getHost()).isIn("127.0.0.1", "0:0:0:0:0:0:0:1");
  }
}
