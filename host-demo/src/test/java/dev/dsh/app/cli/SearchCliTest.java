package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code dsh search}, {@code dsh tool} and credentials through the CLI. */
class SearchCliTest {

  private static final String CANARY = "sk-canary-5f1d0c9e";
  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @RegisterExtension private static final SearchProStub stub = SearchProStub.unrouted();

  @TempDir Path home;

  @BeforeEach
  void serveTenEnglishResults() {
    stub.answer(StubReply.json(CliHarness.fixture("02-normal-en-10.json")));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @Test
  void searchPrintsTheToolRenderingAndExitsZero() {
    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "drone", "delivery");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out())
        .startsWith("Sources:\n- [Shenzhen expands drone delivery routes")
        .contains("(https://www.chinadaily.com.cn/a/202505/06/WS6819a3e2a310a04af22bd341.html)")
        .contains("(2025-05-06T09:15:22+08:00)")
        .endsWith("Cite the relevant URLs above as markdown links in your answer.\n");
    assertThat(stub.searches())
        .filteredOn(
            r ->
                r.hasHeader("Authorization", "Bearer " + CANARY)
                    && r.body().equals("{\"Query\":\"drone delivery\",\"Cnt\":10}"))
        .hasSize(1);
    assertThat(result.out() + result.err()).doesNotContain(CANARY);
  }

  @Test
  void searchJsonPrintsOneObjectWithProviderAndSources() {
    CliHarness.Result result =
        CliHarness.run(home, ENV, "", "search", "--json", "--max-results", "3", "drones");

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode answer = JSON.readTree(result.out());
    assertThat(answer.get("provider").asString()).isEqualTo("yuanbao");
    assertThat(answer.get("truncated").asBoolean()).isTrue();
    assertThat(answer.get("sources")).hasSize(3);
    assertThat(answer.get("sources").get(0).get("url").asString()).startsWith("https://");
    assertThat(result.out().strip().lines()).hasSize(1);
  }

  @Test
  void aProviderFailureExitsThreeWithTheErrorObject() {
    stub.answer(StubReply.status(401, CliHarness.fixture("12-error-auth-unauthorized.json")));

    CliHarness.Result json = CliHarness.run(home, ENV, "", "search", "--json", "q");
    CliHarness.Result text = CliHarness.run(home, ENV, "", "search", "q");

    assertThat(json.exit()).isEqualTo(3);
    JsonNode error = JSON.readTree(json.out()).get("error");
    assertThat(error.get("code").asString()).isEqualTo("WEB_PROVIDER_ERROR");
    assertThat(text.exit()).isEqualTo(3);
    assertThat(text.out()).startsWith("Error: ");
  }

  @Test
  void aMissingKeyExitsThreeWithTheCredentialCode() {
    CliHarness.Result result = CliHarness.run(home, Map.of(), "", "search", "--json", "q");

    assertThat(result.exit()).isEqualTo(3);
    assertThat(JSON.readTree(result.out()).get("error").get("code").asString())
        .isEqualTo("WEB_PROVIDER_CREDENTIAL_MISSING");
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void usageAndConfigErrorsExitTwo() throws Exception {
    assertThat(CliHarness.run(home, ENV, "", "search").exit()).isEqualTo(2);
    assertThat(CliHarness.run(home, ENV, "", "search", "--max-results", "0", "q").exit())
        .isEqualTo(2);
    assertThat(CliHarness.run(home, ENV, "", "search", "--bogus", "q").exit()).isEqualTo(2);

    CliHarness.writeUserLayer(home, stub.baseUrl(), "count: 15");
    CliHarness.Result badConfig = CliHarness.run(home, ENV, "", "search", "q");
    assertThat(badConfig.exit()).isEqualTo(2);
    assertThat(badConfig.err()).contains("/count");

    Files.writeString(home.resolve("profiles/default/cordis.patch.yml"), "- id: [unclosed\n");
    CliHarness.Result broken = CliHarness.run(home, ENV, "", "search", "q");
    assertThat(broken.exit()).isEqualTo(2);
    assertThat(broken.err()).contains("cordis.patch.yml").contains("line");
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void toolWebSearchPrintsTheModelFacingText() {
    CliHarness.Result result =
        CliHarness.run(home, ENV, "", "tool", "web_search", "{\"queries\": [\"drones\"]}");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).startsWith("Sources:\n- [").contains("Cite the relevant URLs");
    assertThat(stub.searches())
        .filteredOn(r -> r.body().equals("{\"Query\":\"drones\",\"Cnt\":10}"))
        .isNotEmpty();
  }

  @Test
  void toolSchemaNeedsNoBoot() {
    CliHarness.Result result = CliHarness.run(home, Map.of(), "", "tool", "web_search", "--schema");
    assertThat(result.exit()).isZero();
    assertThat(JSON.readTree(result.out()).get("properties").get("queries").get("maxItems").asInt())
        .isEqualTo(4);
  }

  @Test
  void credentialsSetReadsStdinAndTheNextSearchUsesTheStoredKey() {
    CliHarness.Result refused =
        CliHarness.run(home, Map.of(), "", "credentials", "set", "TENCENTCLOUD_WSA_APIKEY", CANARY);
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.out() + refused.err()).doesNotContain(CANARY);

    CliHarness.Result stored =
        CliHarness.run(home, Map.of(), CANARY + "\n", "credentials", "set", "TENCENTCLOUD_WSA_APIKEY");
    assertThat(stored.exit()).as(stored.err()).isZero();
    CliHarness.Result listed = CliHarness.run(home, Map.of(), "", "credentials", "list");
    assertThat(listed.out()).contains("TENCENTCLOUD_WSA_APIKEY\tconfigured\tstore");
    assertThat(listed.out() + listed.err()).doesNotContain(CANARY);

    CliHarness.Result searched = CliHarness.run(home, Map.of(), "", "search", "q");
    assertThat(searched.exit()).as(searched.err()).isZero();
    assertThat(stub.searches())
        .filteredOn(r -> r.hasHeader("Authorization", "Bearer " + CANARY))
        .isNotEmpty();
  }

  @Test
  void dumpConfigRedactsTheLiteralKey() {
    CliHarness.writeUserLayer(home, stub.baseUrl(), "apiKey: \"" + CANARY + "\"");
    CliHarness.Result result = CliHarness.run(home, Map.of(), "", "--dump-config");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("apiKey: <redacted>").contains("id: web-search-yuanbao");
    assertThat(result.out() + result.err()).doesNotContain(CANARY);
  }
}
