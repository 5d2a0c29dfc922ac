package dev.dsh.api.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class SearchFiltersTest {

  @Test
  void noFiltersUseNothing() {
    assertThat(SearchFilters.NONE.used()).isEmpty();
    assertThat(WebSearchRequest.of("q").filters()).isEqualTo(SearchFilters.NONE);
  }

  @Test
  void domainsAreKeptInLowerCaseWithoutDuplicates() {
    SearchFilters filters =
        new SearchFilters(" WWW.Gov.CN ", List.of("a.com", "A.com", "b-c.example.org"), null);

    assertThat(filters.site()).isEqualTo("www.gov.cn");
    assertThat(filters.excludeSites()).containsExactly("a.com", "b-c.example.org");
    assertThat(filters.used()).isEqualTo(EnumSet.of(SearchFilter.SITE, SearchFilter.EXCLUDE_SITES));
  }

  @Test
  void aSiteThatIsNotADomainIsRefusedByName() {
    for (String bad : List.of("https://x.cn", "x.cn/path", "x.cn:80", "", " ", "-x.cn", "x..cn", "x_y.cn", "新闻.cn")) {
      assertThatThrownBy(() -> new SearchFilters(bad, List.of(), null))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("site must be a domain such as www.example.com");
    }
    assertThatThrownBy(() -> new SearchFilters(null, List.of("ok.cn", "not ok"), null))
        .hasMessage(
            "excludeSites must be a domain such as www.example.com (letters, digits, hyphens and"
                + " dots; no scheme, port or path), was \"not ok\"");
  }

  @Test
  void atMostTwentyExcludes() {
    List<String> twenty = Collections.nCopies(20, "a.cn");
    assertThat(new SearchFilters(null, twenty, null).excludeSites()).containsExactly("a.cn");

    List<String> many = Collections.nCopies(21, "a.cn");
    assertThatThrownBy(() -> new SearchFilters(null, many, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("excludeSites holds at most 20 domains, got 21");
  }

  @Test
  void freshnessReadsPeriodsAndClosedRanges() {
    assertThat(Freshness.parse("day")).isEqualTo(Freshness.within(Freshness.Period.DAY));
    assertThat(Freshness.parse(" Year ")).isEqualTo(Freshness.within(Freshness.Period.YEAR));
    assertThat(Freshness.parse("2025-01-01..2025-06-30"))
        .isEqualTo(Freshness.between(LocalDate.of(2025, 1, 1), LocalDate.of(2025, 6, 30)));
    assertThat(Freshness.parse("2025-03-04..2025-03-04").toString())
        .isEqualTo("2025-03-04..2025-03-04");
    assertThat(Freshness.parse("week").toString()).isEqualTo("week");
  }

  @Test
  void badFreshnessIsRefusedByName() {
    for (String bad : List.of("fortnight", "", "2025-01-01", "2025-01-01..", "..2025-01-01", "2025-02-30..2025-03-01", "2025/01/01..2025/02/01")) {
      assertThatThrownBy(() -> Freshness.parse(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("freshness must be day, week, month, year or FROM..TO");
    }
    assertThatThrownBy(() -> Freshness.parse("2025-06-30..2025-01-01"))
        .hasMessage("freshness range starts after it ends: 2025-06-30..2025-01-01");
  }
}
