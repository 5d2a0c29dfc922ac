package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.json.SearchJson;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The filter flags of {@code dsh search}: bad values are usage errors naming the flag. */
class SearchFilterFlagsTest {

  @TempDir Path home;

  private CliHarness.Result search(String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "search";
    System.arraycopy(args, 0, all, 1, args.length);
    return CliHarness.run(home, Map.of(), "", all);
  }

  @Test
  void aBadSiteExitsTwoNamingTheFlag() {
    CliHarness.Result result = search("--site", "https://www.gov.cn/", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.out()).isEmpty();
    assertThat(result.err())
        .contains(
            "--site must be a domain such as www.example.com (letters, digits, hyphens and dots;"
                + " no scheme, port or path), was \"https://www.gov.cn/\"");
  }

  @Test
  void aBadExcludedSiteExitsTwoNamingTheFlag() {
    CliHarness.Result result = search("--exclude-site", "a.cn", "--exclude-site", "a b", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--exclude-site must be a domain", "was \"a b\"");
  }

  @Test
  void aBadFreshnessExitsTwoNamingTheFlagAndTheForms() {
    for (String bad : new String[] {"fortnight", "2025-06-30..2025-01-01", "2025-13-01..2025-12-31"}) {
      CliHarness.Result result = search("--freshness", bad, "q");

      assertThat(result.exit()).as(bad).isEqualTo(2);
      assertThat(result.err()).as(bad).containsPattern("--freshness (must be day, week, month, year or FROM\\.\\.TO|range starts after it ends)");
    }
  }

  @Test
  void jsonShowsTheDroppedCountOnlyWhenSomethingWasDropped() {
    WebSearchResult dropped =
        new WebSearchResult("p", null, FakeProvider.sources("d", 1), false, 3);

    assertThat(SearchJson.of(dropped).toJson()).contains("\"truncated\":false,\"dropped\":3,\"sources\"");
    assertThat(SearchJson.of(new WebSearchResult("p", null, FakeProvider.sources("d", 1), false, 0)).toJson()).doesNotContain("dropped");
  }
}
