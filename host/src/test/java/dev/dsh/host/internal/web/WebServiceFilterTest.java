package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_REQUEST_UNSUPPORTED;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.model.ActivityListener;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Filters the serving provider does not honour, and the provider's count of dropped entries. */
class WebServiceFilterTest {

  private final WebServiceImpl web =
      new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
          ActivityListener.NONE, Optional::empty);

  private static WebSearchRequest request(SearchFilters filters) {
    return new WebSearchRequest("q", null, filters);
  }

  @Test
  void aFilterTheProviderDoesNotSupportIsRefusedBeforeItIsCalled() {
    FakeProvider provider = FakeProvider.withSources("plain", 3).supporting(SearchFilter.SITE);
    web.registerSearchProvider(provider);

    Await.failure(
            web.search(
                request(new SearchFilters("a.cn", List.of(), Freshness.parse("week"))),
                AbortSignal.never()))
        .hasMessage("web provider \"plain\" does not support the filter freshness")
        .extracting(Await::code)
        .isEqualTo(WEB_REQUEST_UNSUPPORTED);
    Await.failure(
            web.search(
                request(new SearchFilters(null, List.of("b.cn"), Freshness.parse("day"))),
                AbortSignal.never()))
        .hasMessage("web provider \"plain\" does not support the filters excludeSites, freshness");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void supportedFiltersReachTheProviderAsGiven() throws Exception {
    FakeProvider provider =
        FakeProvider.withSources("full", 3)
            .supporting(SearchFilter.SITE, SearchFilter.EXCLUDE_SITES, SearchFilter.FRESHNESS);
    web.registerSearchProvider(provider);
    SearchFilters filters = new SearchFilters(null, List.of("b.cn"), Freshness.parse("month"));

    Await.result(web.search(request(filters), AbortSignal.never()));

    assertThat(provider.requests()).extracting(WebSearchRequest::filters).containsExactly(filters);
  }

  @Test
  void aRequestWithoutFiltersRunsOnAProviderThatSupportsNone() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("plain", 2));

    assertThat(Await.result(web.search(WebSearchRequest.of("q"), AbortSignal.never())).sources())
        .hasSize(2);
  }

  @Test
  void theProvidersDroppedCountIsKeptApartFromTruncation() throws Exception {
    web.registerSearchProvider(
        FakeProvider.returning(
            "dropper",
            new WebSearchResult(null, null, FakeProvider.sources("d", 7), false, 3)));

    WebSearchResult whole = Await.result(web.search(WebSearchRequest.of("q"), AbortSignal.never()));
    WebSearchResult cut =
        Await.result(web.search(new WebSearchRequest("q", 5), AbortSignal.never()));

    assertThat(whole.dropped()).isEqualTo(3);
    assertThat(whole.truncated()).isFalse();
    assertThat(cut.sources()).hasSize(5);
    assertThat(cut.truncated()).isTrue();
    assertThat(cut.dropped()).isEqualTo(3);
  }
}
