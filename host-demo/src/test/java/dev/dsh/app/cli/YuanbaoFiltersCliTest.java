package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.testing.StubRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The filters and the Yuanbao config
 * as the stub sees them, the combinations SearchPro cannot take, and the dropped count.
 */
class YuanbaoFiltersCliTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-filters-1");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @RegisterExtension private static final SearchProStub stub = SearchProStub.unrouted();

  @TempDir Path home;

  @BeforeEach
  void serveTenResults() {
    serve(CliHarness.fixture("02-normal-en-10.json"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  private static void serve(String body) {
    stub.answer(StubReply.json(body));
  }

  private static JsonNode onlyBody() {
    List<StubRequest> requests = stub.searches();
    assertThat(requests).hasSize(1);
    return JSON.readTree(requests.get(0).body());
  }

  @Test
  void theDocumentedExampleSendsSiteAndFreshness() {
    CliHarness.Result result =
        CliHarness.run(
            home, ENV, "", "search", "--json", "--max-results", "15", "--site", "www.gov.cn",
            "--freshness", "year", "梅雨");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(onlyBody())
        .isEqualTo(JSON.readTree("{\"Query\":\"梅雨\",\"Cnt\":20,\"Site\":\"www.gov.cn\",\"Freshness\":\"y1\"}"));
  }

  @Test
  void excludedSitesAndARangeAreSentInSearchProsForms() {
    CliHarness.Result result =
        CliHarness.run(
            home, ENV, "", "search", "--exclude-site", "qq.com", "--exclude-site", "sohu.com",
            "--freshness", "2025-01-01..2025-06-30", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(onlyBody())
        .isEqualTo(
            JSON.readTree(
                "{\"Query\":\"q\",\"Cnt\":10,\"Site\":\"exclude:qq.com|sohu.com\","
                    + "\"Freshness\":\"2025-01-01,2025-06-30\"}"));
  }

  @Test
  void combinationsSearchProCannotTakeFailWithTheUnsupportedCodeAndSendNothing() {
    CliHarness.Result both =
        CliHarness.run(
            home, ENV, "", "search", "--json", "--site", "www.gov.cn", "--exclude-site", "qq.com", "q");
    String[] six = {"search", "--json", "q"};
    List<String> args = new java.util.ArrayList<>(List.of(six));
    for (String d : List.of("a.cn", "b.cn", "c.cn", "d.cn", "e.cn", "f.cn")) {
      args.add(1, d);
      args.add(1, "--exclude-site");
    }
    CliHarness.Result tooMany = CliHarness.run(home, ENV, "", args.toArray(String[]::new));

    for (CliHarness.Result result : List.of(both, tooMany)) {
      assertThat(result.exit()).as(result.out() + result.err()).isEqualTo(3);
      JsonNode error = JSON.readTree(result.out()).get("error");
      assertThat(error.get("code").asString()).isEqualTo("WEB_REQUEST_UNSUPPORTED");
    }
    assertThat(JSON.readTree(both.out()).get("error").get("message").asString())
        .contains("site", "excludeSites");
    assertThat(JSON.readTree(tooMany.out()).get("error").get("message").asString())
        .contains("at most 5 excludeSites, got 6");
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void modeIndustryAndTheCapFromTheConfigAreSentOrAccepted() {
    CliHarness.writeUserLayer(
        home, stub.baseUrl(), "mode: mixed, industry: news, maxConcurrentSearches: 64");

    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(onlyBody())
        .isEqualTo(JSON.readTree("{\"Query\":\"q\",\"Cnt\":10,\"Mode\":2,\"Industry\":\"news\"}"));
  }

  @Test
  void badModeIndustryOrCapFailTheScopeNamingTheField() {
    for (String[] bad :
        new String[][] {
          {"mode: fast", "/mode"}, {"industry: sports", "/industry"},
          {"maxConcurrentSearches: 0", "/maxConcurrentSearches"},
          {"maxConcurrentSearches: 65", "/maxConcurrentSearches"}
        }) {
      CliHarness.writeUserLayer(home, stub.baseUrl(), bad[0]);

      CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "q");

      assertThat(result.exit()).as(bad[0]).isEqualTo(2);
      assertThat(result.err()).as(bad[0]).contains(bad[1]);
    }
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void tenPagesOfWhichThreeAreUnusableGiveSevenSourcesAndDroppedThree() {
    ArrayNode pages = JSON.createArrayNode();
    for (int i = 0; i < 7; i++) {
      pages.add(
          "{\"url\":\"https://example.com/" + i + "\",\"title\":\"T" + i + "\",\"passage\":\"P" + i + "\"}");
    }
    pages.add("{\"title\":\"no url\",\"passage\":\"P\"}");
    pages.add("{\"url\":\"https://example.com/no-snippet\",\"title\":\"T\"}");
    pages.add("not json at all");
    ObjectNode body = JSON.createObjectNode();
    body.putObject("Response").put("RequestId", "r-dropped").set("Pages", pages);
    stub.reset();
    serve(JSON.writeValueAsString(body));

    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode answer = JSON.readTree(result.out());
    assertThat(answer.get("sources")).hasSize(7);
    assertThat(answer.get("dropped").asInt()).isEqualTo(3);
    assertThat(answer.get("truncated").asBoolean()).isFalse();
  }
}
