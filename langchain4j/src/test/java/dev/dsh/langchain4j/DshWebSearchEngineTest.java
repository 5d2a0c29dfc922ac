package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.langchain4j.web.search.WebSearchOrganicResult;
import dev.langchain4j.web.search.WebSearchRequest;
import dev.langchain4j.web.search.WebSearchResults;
import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The engine's request and result mapping, its refusals and its failures, over a fake service. */
class DshWebSearchEngineTest {

  private static final WebSearchSource FULL =
      new WebSearchSource(
          "https://example.com/a", "Title A", "Snippet A", "2025-06-09T10:42:17+08:00");

  private final FakeWebService web =
      new FakeWebService(
          request ->
              WebSearchResult.of(
                  List.of(
                      FULL,
                      new WebSearchSource("https://news.example.org/b?x=1", null, "Snippet B", null),
                      new WebSearchSource("urn:isbn:0451450523", null, null, null))));
  private final DshWebSearchEngine engine = new DshWebSearchEngine(web);

  @Test
  void searchTermsAndMaxResultsBecomeTheQueryAndTheLimit() {
    engine.search(WebSearchRequest.builder().searchTerms("DeepSeek R1").maxResults(2).build());
    engine.search("mixture of experts");

    assertThat(web.searches).hasSize(2);
    assertThat(web.searches.get(0).request().query()).isEqualTo("DeepSeek R1");
    assertThat(web.searches.get(0).request().maxResults()).isEqualTo(2);
    assertThat(web.searches.get(1).request().maxResults()).isNull();
  }

  @Test
  void eachSourceIsAnOrganicResultWithItsMetadata() {
    WebSearchResults results = engine.search("anything");

    WebSearchOrganicResult first = results.results().get(0);
    assertThat(first.title()).isEqualTo("Title A");
    assertThat(first.url()).isEqualTo(URI.create("https://example.com/a"));
    assertThat(first.snippet()).isEqualTo("Snippet A");
    assertThat(first.content()).isNull();
    assertThat(first.metadata())
        .containsExactly(
            Map.entry("publishedAt", "2025-06-09T10:42:17+08:00"), Map.entry("provider", "fake"));
    assertThat(results.searchInformation().totalResults()).isEqualTo(3L);
    assertThat(results.searchMetadata()).containsEntry("provider", "fake");
  }

  @Test
  void aSourceWithoutTitleTakesTheHostElseTheUrl() {
    List<WebSearchOrganicResult> results = engine.search("anything").results();

    assertThat(results.get(1).title()).isEqualTo("news.example.org");
    assertThat(results.get(1).metadata()).doesNotContainKey("publishedAt");
    assertThat(results.get(2).title()).isEqualTo("urn:isbn:0451450523");
  }

  @Test
  void aUrlWithCharactersAUriCannotHoldIsPercentEncoded() {
    DshWebSearchEngine spaced =
        new DshWebSearchEngine(
            new FakeWebService(
                request ->
                    WebSearchResult.of(
                        List.of(new WebSearchSource("https://example.com/a b/新闻", "T", "S", null)))));

    assertThat(spaced.search("q").results().get(0).url().toString())
        .isEqualTo("https://example.com/a%20b/%E6%96%B0%E9%97%BB");
  }

  @Test
  void theBuildersDefaultsAreNotRefused() {
    WebSearchRequest defaults =
        WebSearchRequest.builder().searchTerms("q").startPage(1).startIndex(1).safeSearch(true).build();

    assertThat(engine.search(defaults).results()).hasSize(3);
  }

  @Test
  void fieldsWithoutASearchProEquivalentAreRefusedByName() {
    assertRefused(WebSearchRequest.builder().searchTerms("q").language("fr"), "language fr");
    assertRefused(WebSearchRequest.builder().searchTerms("q").geoLocation("FR"), "geoLocation FR");
    assertRefused(WebSearchRequest.builder().searchTerms("q").startPage(2), "startPage 2");
    assertRefused(WebSearchRequest.builder().searchTerms("q").startIndex(11), "startIndex 11");
    assertRefused(WebSearchRequest.builder().searchTerms("q").safeSearch(false), "safeSearch false");
    assertRefused(WebSearchRequest.builder().searchTerms("q").maxResults(0), "maxResults must be at least 1");
    assertThat(web.searches).isEmpty();
  }

  @Test
  void siteExcludeSitesAndFreshnessBecomeTheSeamsFilters() {
    engine.search(
        WebSearchRequest.builder()
            .searchTerms("q")
            .additionalParams(
                Map.of(
                    "site", "www.gov.cn",
                    "excludeSites", List.of("a.example.com", "B.example.com"),
                    "freshness", "2025-01-01..2025-06-30"))
            .build());
    engine.search(
        WebSearchRequest.builder()
            .searchTerms("q")
            .additionalParams(Map.of("excludeSites", "c.example.com", "freshness", Freshness.within(Freshness.Period.WEEK)))
            .build());

    assertThat(web.searches.get(0).request().filters())
        .isEqualTo(
            new SearchFilters(
                "www.gov.cn",
                List.of("a.example.com", "b.example.com"),
                Freshness.between(LocalDate.of(2025, 1, 1), LocalDate.of(2025, 6, 30))));
    assertThat(web.searches.get(1).request().filters())
        .isEqualTo(new SearchFilters(null, List.of("c.example.com"), Freshness.within(Freshness.Period.WEEK)));
    assertThat(engine.search("q").results()).isNotEmpty();
    assertThat(web.searches.get(2).request().filters()).isEqualTo(SearchFilters.NONE);
  }

  @Test
  void anInvalidFilterIsRefusedByName() {
    assertRefused(
        WebSearchRequest.builder().searchTerms("q").additionalParams(Map.of("site", "https://x.com/a")),
        "additionalParams site must be a domain");
    assertRefused(
        WebSearchRequest.builder().searchTerms("q").additionalParams(Map.of("freshness", "fortnight")),
        "additionalParams freshness");
    assertRefused(
        WebSearchRequest.builder().searchTerms("q").additionalParams(Map.of("site", 42)),
        "additionalParams site must be a string, was Integer");
    assertRefused(
        WebSearchRequest.builder().searchTerms("q").additionalParams(Map.of("country", "fr")),
        "additionalParams \"country\" is not supported");
    assertThat(web.searches).isEmpty();
  }

  @Test
  void aWebErrorSurfacesWithItsCodeMessageAndVendorCode() {
    WebError failure =
        new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, "RequestLimitExceeded", "LimitExceeded", null);
    DshWebSearchEngine failing =
        new DshWebSearchEngine(FakeWebService.answering(CompletableFuture.failedFuture(failure)));

    assertThatThrownBy(() -> failing.search("q"))
        .isInstanceOfSatisfying(
            WebError.class,
            error -> {
              assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
              assertThat(error.getMessage()).isEqualTo("RequestLimitExceeded");
              assertThat(error.providerCode()).contains("LimitExceeded");
            });
  }

  @Test
  void eachSearchCarriesTheEnginesTimeoutForTheServiceToKeep() {
    new DshWebSearchEngine(web, Duration.ofMillis(50)).search("q");
    engine.search("r");

    assertThat(web.searches).extracting(search -> search.request().timeout())
        .containsExactly(Duration.ofMillis(50), DshWebSearchEngine.DEFAULT_TIMEOUT);
  }

  @Test
  void anInterruptedCallerAbortsItsSearchAndKeepsTheInterrupt() {
    FakeWebService never = FakeWebService.answering(new CompletableFuture<>());
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> new DshWebSearchEngine(never).search("q"))
          .isInstanceOfSatisfying(
              WebError.class, error -> assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_ABORTED));
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
      assertThat(never.searches.get(0).signal().aborted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  private void assertRefused(WebSearchRequest.Builder request, String message) {
    assertThatThrownBy(() -> engine.search(request.build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }
}
