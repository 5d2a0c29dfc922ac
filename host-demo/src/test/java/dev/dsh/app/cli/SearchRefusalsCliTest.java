package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In process, as the launcher's {@code DshMain} runs it: the one timeout wording, and the
 * refusals that name their fix (a long query, freshness beyond four-digit years, a baseURL with a
 * query, fragment or non-ASCII host, a host name that does not resolve) — each sending nothing.
 */
class SearchRefusalsCliTest {

  @TempDir Path work;
  private Path home;
  private SearchProStub stub;

  @BeforeEach
  void setUp() {
    home = work.resolve("home");
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @AfterEach
  void tearDown() {
    stub.close();
  }

  @Test
  void aSearchThatRunsOutOfTimeSaysSoNamingTheTimeout() throws Exception {
    stub.holdAnswers();

    CliHarness.Result result = dsh("search", "--timeout", "1s", "q");

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(result.out()).isEqualTo("Error: web search timed out after 1 s\n");
  }

  @Test
  void aQueryOverAThousandCharactersIsRefusedNamingTheBound() throws Exception {
    CliHarness.Result result = dsh("search", "--json", "x".repeat(1001));

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(result.out()).isEqualTo("{\"error\":{\"code\":\"WEB_INVALID_REQUEST\",\"message\":"
        + "\"the query is 1001 characters long; at most 1000 are allowed: shorten it\"}}\n");
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void freshnessBeyondFourDigitYearsIsRefusedNamingTheRange() throws Exception {
    CliHarness.Result result =
        dsh("search", "--freshness", "+10000-01-01..+10000-01-02", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("freshness dates must lie within 0000-01-01..9999-12-31"
        + " (four-digit years), was +10000-01-01..+10000-01-02");
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void aBaseUrlWithAQueryFragmentOrNonAsciiHostIsRefusedWithThatReason() throws Exception {
    Map<String, String> reasons = Map.of(
        stub.baseUrl() + "/?region=gz",
            "baseURL has a query (?…): remove it, since /SearchPro is appended to its path",
        stub.baseUrl() + "/#top",
            "baseURL has a fragment (#…): remove it, since /SearchPro is appended to its path",
        "https://搜索.example.com",
            "baseURL's host is not ASCII: write it in its ASCII form (Punycode, xn--…)");
    for (Map.Entry<String, String> entry : reasons.entrySet()) {
      CliHarness.writeUserLayer(home, entry.getKey(), "");

      CliHarness.Result result = dsh("search", "q");

      assertThat(result.exit()).as(entry.getKey() + "\n" + result.err()).isEqualTo(3);
      assertThat(result.out()).as(entry.getKey())
          .contains("yuanbao: " + entry.getValue())
          .doesNotContain("not an absolute http(s) URL");
    }
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void aHostNameThatDoesNotResolveSaysSo() throws Exception {
    CliHarness.writeUserLayer(home, "https://api.wsa.cloud.tencent.invalid", "");

    CliHarness.Result result = dsh("search", "q");

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(result.out()).isEqualTo("Error: Yuanbao search request failed: could not resolve"
        + " api.wsa.cloud.tencent.invalid (check baseURL's host, and DNS)\n");
  }

  private CliHarness.Result dsh(String... args) {
    return CliHarness.run(home, Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-launcher-test"), "", args);
  }
}
