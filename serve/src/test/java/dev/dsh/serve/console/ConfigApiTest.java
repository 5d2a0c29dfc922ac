package dev.dsh.serve.console;

import static dev.dsh.serve.console.ConsoleApiCalls.SOON;
import static dev.dsh.serve.console.ConsoleApiCalls.getOk;
import static dev.dsh.serve.console.ConsoleApiCalls.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.Host;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/config}: rows with their schemas and the layer of each field, a row saved in the
 * console's own layer (the user's file never written), the redacted dump.
 */
class ConfigApiTest {

  private static final String ROW = RealPluginJar.ROW_ID;
  private static final String WITH_KEY = "apiKey: \"" + ServedHost.KEY + "\"";

  // One server for the tests that read or are refused (nothing is saved); a save starts its own.
  @TempDir static Path home;
  private static SearchProStub stub;
  private static ServedHost served;

  @BeforeAll
  static void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    served = ServedHost.start(home, stub.baseUrl(), WITH_KEY + ", count: 30");
  }

  @AfterAll
  static void stop() {
    served.close();
    stub.close();
  }

  @Test
  void theRowsHaveTheirSchemaStateAndSecretFieldsButNoSecretValueAnywhere() {
    JsonNode rows = getOk(served, "/api/config").get("rows");
    JsonNode row = getOk(served, "/api/config/" + ROW);
    HttpResponse<String> unknown = served.get("/api/config/no-such-row");

    assertThat(rows.findValuesAsString("id")).contains("web", ROW);
    assertThat(row.get("plugin").asString()).isEqualTo(RealPluginJar.PLUGIN_ID);
    assertThat(row.get("disabled").asBoolean()).isFalse();
    assertThat(row.get("state").asString()).isEqualTo("ACTIVE");
    assertThat(row.get("reason").isNull()).isTrue();
    assertThat(row.get("schema").get("properties").get("count").get("enum")).isNotEmpty();
    assertThat(row.get("schema").get("properties").get("apiKey").get("x-secret").asBoolean())
        .isTrue();
    assertThat(row.get("config").toString())
        .isEqualTo("{\"baseURL\":\"" + stub.baseUrl() + "\",\"count\":30}");
    assertThat(row.get("secrets").toString()).isEqualTo("[\"/apiKey\"]");
    assertThat(row.get("secretFields").toString()).contains("\"/apiKey\"");
    assertThat(row.get("credentialRefs").toString()).isEqualTo("[\"TENCENTCLOUD_WSA_APIKEY\"]");
    String user = "user layer profiles/default/cordis.patch.yml";
    assertThat(row.get("fieldsFrom").toString()).isEqualTo("{\"baseURL\":\"" + user
        + "\",\"apiKey\":\"" + user + "\",\"count\":\"" + user + "\"}");
    assertThat(row.get("configFrom").asString()).isEqualTo(user);
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(json(unknown).get("error").get("code").asString()).isEqualTo("UNKNOWN_ROW");
    for (String path : List.of("/api/config", "/api/config/" + ROW, "/api/config/dump",
        "/api/plugins", "/api/overview", "/api/credentials")) {
      assertThat(served.get(path).body()).as(path).doesNotContain(ServedHost.KEY);
    }
  }

  @Test
  void savingCountTwentyReachesTheNextSearchInTheConsolesLayerAndLeavesTheUsersFileAlone(
      @TempDir Path home) throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), WITH_KEY)) {
      Path layer = home.resolve("profiles/default/cordis.patch.yml");
      Files.writeString(layer, "# my own note\n" + Files.readString(layer));
      String mine = Files.readString(layer);
      ObjectNode config = (ObjectNode) getOk(served, "/api/config/" + ROW).get("config");
      config.put("count", 20);

      HttpResponse<String> saved = served.putJson("/api/config/" + ROW,
          "{\"config\": " + config + "}");
      String body = searchUntil(served, stub, "\"Cnt\":20");

      assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
      assertThat(json(saved).get("row").get("config").get("count").asInt()).isEqualTo(20);
      assertThat(saved.body()).doesNotContain(ServedHost.KEY);
      assertThat(body).contains("\"Cnt\":20");
      assertThat(stub.searches().get(stub.searches().size() - 1)
          .hasHeader("Authorization", "Bearer " + ServedHost.KEY)).isTrue();
      assertThat(Files.readString(layer)).isEqualTo(mine);
      assertThat(Files.readString(layer.resolveSibling("console.patch.yml")))
          .endsWith("- id: " + ROW + "\n  config:\n    count: 20\n").doesNotContain(ServedHost.KEY);
      assertThat(json(saved).get("row").get("fieldsFrom").get("count").asString())
          .isEqualTo("console layer profiles/default/console.patch.yml");
    }
  }

  @Test
  void aSecretSentAsNullIsClearedAndLeftOutIsKeptWithoutACopyInTheConsolesLayer(@TempDir Path home)
      throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), WITH_KEY)) {
      Path layer = home.resolve("profiles/default/cordis.patch.yml");
      String kept = "{\"config\": {\"baseURL\": \"" + stub.baseUrl() + "\", \"count\": 20}}";
      String cleared =
          "{\"config\": {\"baseURL\": \"" + stub.baseUrl() + "\", \"apiKey\": null}}";

      Path console = layer.resolveSibling("console.patch.yml");
      String mine = Files.readString(layer);

      HttpResponse<String> first = served.putJson("/api/config/" + ROW, kept);
      String afterFirst = Files.readString(console);
      HttpResponse<String> second = served.putJson("/api/config/" + ROW, cleared);

      assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
      assertThat(json(first).get("row").get("secrets").toString()).isEqualTo("[\"/apiKey\"]");
      assertThat(afterFirst).doesNotContain(ServedHost.KEY, "apiKey");
      assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
      assertThat(json(second).get("row").get("secrets").toString()).isEqualTo("[]");
      assertThat(Files.readString(console)).contains("apiKey: null")
          .doesNotContain(ServedHost.KEY);
      assertThat(Files.readString(layer)).isEqualTo(mine);
    }
  }

  @Test
  void aNumberBeyondItsMaximumIs400AtItsPointerAndTheFileIsUnchanged() throws Exception {
    Path layer = home.resolve("profiles/default/cordis.patch.yml");
    byte[] before = Files.readAllBytes(layer);

    HttpResponse<String> refused = served.putJson("/api/config/" + ROW,
        "{\"config\": {\"baseURL\": \"" + stub.baseUrl() + "\", \"maxConcurrentSearches\": 65}}");
    HttpResponse<String> notObject =
        served.putJson("/api/config/" + ROW, "{\"config\": [1]}");

    assertThat(refused.statusCode()).isEqualTo(400);
    JsonNode error = json(refused).get("error");
    assertThat(error.get("code").asString()).isEqualTo("INVALID_CONFIG");
    assertThat(error.get("violations").toString()).isEqualTo("[{\"pointer\":"
        + "\"/maxConcurrentSearches\",\"message\":\"must be at most 64 (allowed: 1 to 64;"
        + " got 65)\"}]");
    assertThat(error.get("message").asString()).contains("/maxConcurrentSearches")
        .doesNotContain("\\u").doesNotContain(";;");
    assertThat(Files.readAllBytes(layer)).isEqualTo(before);
    assertThat(layer.resolveSibling("console.patch.yml")).doesNotExist();
    assertThat(notObject.statusCode()).isEqualTo(400);
    assertThat(notObject.body()).contains("/config: must be a JSON object");
  }

  @Test
  void anApiKeyAnHttpHeaderCannotCarryIs400AtApiKeyWithoutTheKeyAndNothingIsWritten()
      throws Exception {
    String canary = "sk-canary-5e2b7d10";
    Path layer = home.resolve("profiles/default/cordis.patch.yml");
    byte[] before = Files.readAllBytes(layer);
    Map<String, String> refused = Map.of(
        "\\n", "it holds a line break (character 19)",
        "\\u0000", "it holds a control character (character 19)",
        "\\u001b[2J", "it holds a control character (character 19)");

    refused.forEach((tail, why) -> {
      HttpResponse<String> saved = served.putJson("/api/config/" + ROW, "{\"config\":"
          + " {\"baseURL\": \"" + stub.baseUrl() + "\", \"apiKey\": \"" + canary + tail + "\"}}");

      assertThat(saved.statusCode()).as(tail).isEqualTo(400);
      JsonNode error = json(saved).get("error");
      assertThat(error.get("code").asString()).isEqualTo("INVALID_CONFIG");
      assertThat(error.get("violations").toString()).isEqualTo("[{\"pointer\":\"/apiKey\","
          + "\"message\":\"" + why + "; a credential is sent in an HTTP header, which carries"
          + " visible ASCII characters only (no spaces, tabs, line breaks or non-ASCII"
          + " characters)\"}]");
      assertThat(saved.body()).doesNotContain(canary);
    });
    assertThat(Files.readAllBytes(layer)).isEqualTo(before);
    assertThat(layer.resolveSibling("console.patch.yml")).doesNotExist();
    assertThat(served.postJson("/api/search", "{\"query\": \"q\"}").statusCode())
        .isEqualTo(200);
    assertThat(String.join("\n", served.log())).doesNotContain(canary);
  }

  @Test
  void aSaveReadsAndKeepsAnEmojiThatTheParsersReadsSplit(@TempDir Path home) throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), WITH_KEY)) {
      Path layer = home.resolve("profiles/default/cordis.patch.yml");
      String entry = Files.readString(layer);
      // The parser reads 1,025 chars at a time: these offsets split the pair between two reads.
      for (int at : new int[] {1024, 2049, 4099}) {
        String comment = "# " + "x".repeat(at - 2) + "\uD83D\uDE00\n";
        Files.writeString(layer, comment + entry);

        HttpResponse<String> saved = served.putJson("/api/config/" + ROW,
            "{\"config\": {\"baseURL\": \"" + stub.baseUrl() + "\", \"count\": 20}}");

        assertThat(saved.statusCode()).as("at %d: %s", at, saved.body()).isEqualTo(200);
        assertThat(Files.readString(layer)).isEqualTo(comment + entry);
        assertThat(Files.readString(layer.resolveSibling("console.patch.yml")))
            .contains("count: 20");
      }
    }
  }

  @Test
  void theDumpIsTheRedactedDumpConfigText() {
    HttpResponse<String> dump = served.get("/api/config/dump");

    assertThat(dump.statusCode()).isEqualTo(200);
    assertThat(dump.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("text/plain"));
    assertThat(dump.body()).isEqualTo(Host.inspect(served.hostOptions()).configYaml())
        .contains("apiKey: <redacted>").doesNotContain(ServedHost.KEY);
  }

  /** Searches until the stub's last search body contains {@code text} (the reload applied). */
  private static String searchUntil(ServedHost served, SearchProStub stub, String text)
      throws InterruptedException {
    long end = System.nanoTime() + SOON.toNanos();
    while (true) {
      assertThat(served.postJson("/api/search", "{\"query\": \"q\"}").statusCode())
          .isEqualTo(200);
      String body = stub.searches().get(stub.searches().size() - 1).body();
      if (body.contains(text) || System.nanoTime() > end) {
        return body;
      }
      Thread.sleep(50);
    }
  }
}
