package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/** The request the provider sends: method, path, headers, body, and exactly one per search. */
class RequestShapeTest {

  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();

  @BeforeEach
  void reset() {
    server.answer(StubReply.json(TestSupport.fixture("21-empty-pages.json")));
  }

  private static StubRequest onlyRequest() {
    List<StubRequest> requests = server.requests();
    assertThat(requests).hasSize(1);
    return requests.get(0);
  }

  private static void searchWith(YuanbaoConfig config, WebSearchRequest request) {
    try (YuanbaoSearchProvider provider = TestSupport.provider(config)) {
      TestSupport.await(provider.search(request, AbortSignal.never()));
    }
  }

  @Test
  void searchPostsQueryAndCountWithTheFourHeaders() {
    searchWith(TestSupport.config(server.baseUrl()), WebSearchRequest.of("深圳 \"天气\"\n明天"));
    StubRequest request = onlyRequest();
    assertAll(
        () -> assertThat(request.method()).isEqualTo("POST"),
        () -> assertThat(request.path()).isEqualTo("/SearchPro"),
        () -> assertThat(request.header("Authorization")).hasValue("Bearer " + TestSupport.KEY),
        // AbortTest checks the exact bytes of the request head.
        () -> assertThat(request.header("Content-Type").orElse(null)).isEqualToIgnoringCase("application/json; charset=utf-8"),
        () -> assertThat(request.header("Accept")).hasValue("application/json"),
        () -> assertThat(request.header("User-Agent")).hasValue("dsh-web-search-yuanbao/0.1.0"),
        () -> assertThat(request.body())
            .isEqualTo("{\"Query\":\"深圳 \\\"天气\\\"\\n明天\",\"Cnt\":10}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "/", "/api/v1", "/api/v1/", "/api/v1//"})
  void searchProIsAppendedUnderTheBaseUrl(String suffix) {
    searchWith(TestSupport.config(server.baseUrl() + suffix), WebSearchRequest.of("q"));
    String prefix = suffix.startsWith("/api") ? "/api/v1" : "";
    assertThat(onlyRequest().path()).isEqualTo(prefix + "/SearchPro");
  }

  @ParameterizedTest(name = "maxResults {0} -> Cnt {1}")
  @CsvSource({"1,10", "8,10", "10,10", "11,20", "29,30", "50,50", "51,50", "1000,50"})
  void countIsTheSmallestSupportedValueAtLeastMaxResults(int maxResults, int cnt) {
    searchWith(TestSupport.config(server.baseUrl()), new WebSearchRequest("q", maxResults));
    assertThat(onlyRequest().body()).isEqualTo("{\"Query\":\"q\",\"Cnt\":" + cnt + "}");
  }

  @ParameterizedTest
  @ValueSource(ints = {10, 20, 30, 40, 50})
  void countWithoutMaxResultsIsTheConfiguredCount(int count) {
    searchWith(Configs.withCount(TestSupport.config(server.baseUrl()), count), WebSearchRequest.of("q"));
    assertThat(onlyRequest().body()).isEqualTo("{\"Query\":\"q\",\"Cnt\":" + count + "}");
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 400, 429, 500, 503})
  void exactlyOneRequestIsSentWhateverTheOutcome(int status) {
    server.answer(StubReply.status(status, "{}"));
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()))) {
      provider.search(WebSearchRequest.of("q"), AbortSignal.never()).handle((r, e) -> null)
          .toCompletableFuture().join();
    }
    onlyRequest();
  }

  @Test
  void controlCharactersAndLoneSurrogatesAreEscapedInTheQuery() {
    searchWith(TestSupport.config(server.baseUrl()), WebSearchRequest.of("a\u0001b\\c\ud800"));
    assertThat(onlyRequest().body())
        .isEqualTo("{\"Query\":\"a\\u0001b\\\\c\\ud800\",\"Cnt\":10}");
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static WebSearchRequest filtered(
      @Nullable String site, List<String> excludes, @Nullable String freshness) {
    return new WebSearchRequest("梅雨", 15,
        new SearchFilters(site, excludes, freshness == null ? null : Freshness.parse(freshness)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      value = {
        "site;www.gov.cn;;;{\"Query\":\"梅雨\",\"Cnt\":20,\"Site\":\"www.gov.cn\"}",
        "excludes;;a.com b.org;;{\"Query\":\"梅雨\",\"Cnt\":20,\"Site\":\"exclude:a.com|b.org\"}",
        "five excludes;;a.cn b.cn c.cn d.cn e.cn;;"
            + "{\"Query\":\"梅雨\",\"Cnt\":20,\"Site\":\"exclude:a.cn|b.cn|c.cn|d.cn|e.cn\"}",
        "day;;;day;{\"Query\":\"梅雨\",\"Cnt\":20,\"Freshness\":\"d1\"}",
        "week;;;week;{\"Query\":\"梅雨\",\"Cnt\":20,\"Freshness\":\"d7\"}",
        "month;;;month;{\"Query\":\"梅雨\",\"Cnt\":20,\"Freshness\":\"m1\"}",
        "range;;;2025-01-01..2025-06-30;{\"Query\":\"梅雨\",\"Cnt\":20,\"Freshness\":\"2025-01-01,2025-06-30\"}",
        "site and year;www.gov.cn;;year;"
            + "{\"Query\":\"梅雨\",\"Cnt\":20,\"Site\":\"www.gov.cn\",\"Freshness\":\"y1\"}"
      })
  void filtersReachTheBodyAsSearchProFields(
      String name, String site, String excludes, String freshness, String expected) {
    List<String> excluded = excludes == null ? List.of() : List.of(excludes.split(" "));
    searchWith(TestSupport.config(server.baseUrl()), filtered(site, excluded, freshness));
    assertThat(JSON.readTree(onlyRequest().body())).isEqualTo(JSON.readTree(expected));
  }

  @ParameterizedTest(name = "mode {0}, industry {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "natural||{\"Query\":\"q\",\"Cnt\":10}",
        "vertical||{\"Query\":\"q\",\"Cnt\":10,\"Mode\":1}",
        "mixed|gov|{\"Query\":\"q\",\"Cnt\":10,\"Mode\":2,\"Industry\":\"gov\"}",
        "natural|news|{\"Query\":\"q\",\"Cnt\":10,\"Industry\":\"news\"}",
        "natural|acad|{\"Query\":\"q\",\"Cnt\":10,\"Industry\":\"acad\"}",
        "natural|finance|{\"Query\":\"q\",\"Cnt\":10,\"Industry\":\"finance\"}"
      })
  void modeAndIndustryReachTheBody(String mode, String industry, String expected) {
    searchWith(
        Configs.withMode(TestSupport.config(server.baseUrl()), mode, industry), WebSearchRequest.of("q"));
    assertThat(JSON.readTree(onlyRequest().body())).isEqualTo(JSON.readTree(expected));
  }

  @Test
  void siteWithExcludesOrMoreThanFiveExcludesIsUnsupportedAndSendsNothing() {
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()))) {
      WebError both =
          TestSupport.failure(
              provider.search(filtered("www.gov.cn", List.of("a.com"), null), AbortSignal.never()));
      WebError six =
          TestSupport.failure(
              provider.search(
                  filtered(null, List.of("a.cn", "b.cn", "c.cn", "d.cn", "e.cn", "f.cn"), null),
                  AbortSignal.never()));
      assertAll(
          () -> assertThat(both.code()).isEqualTo(WebErrorCodes.WEB_REQUEST_UNSUPPORTED),
          () -> assertThat(both.getMessage())
              .isEqualTo("Yuanbao cannot combine site with excludeSites: SearchPro has one Site field"),
          () -> assertThat(six.code()).isEqualTo(WebErrorCodes.WEB_REQUEST_UNSUPPORTED),
          () -> assertThat(six.getMessage()).isEqualTo("Yuanbao takes at most 5 excludeSites, got 6"),
          () -> assertThat(provider.supportedFilters()).containsExactlyInAnyOrder(SearchFilter.values()));
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void badModeIndustryOrCapIsRefusedNamingTheField() {
    YuanbaoConfig base = TestSupport.config(server.baseUrl());
    assertAll(
        () -> assertThat(catchThrowable(() -> TestSupport.provider(Configs.withMode(base, "fast", null))))
            .hasMessageStartingWith("mode: "),
        () -> assertThat(catchThrowable(() -> TestSupport.provider(Configs.withMode(base, "natural", "sports"))))
            .hasMessageStartingWith("industry: "),
        () -> assertThat(catchThrowable(() -> TestSupport.provider(Configs.withMaxConcurrentSearches(base, 0))))
            .hasMessageStartingWith("maxConcurrentSearches: "),
        () -> assertThat(catchThrowable(() -> TestSupport.provider(Configs.withMaxConcurrentSearches(base, 65))))
            .hasMessageStartingWith("maxConcurrentSearches: "));
    TestSupport.provider(Configs.withMaxConcurrentSearches(base, 64)).close();
  }
}
