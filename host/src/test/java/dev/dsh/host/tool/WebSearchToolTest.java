package dev.dsh.host.tool;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.host.fakes.CountingSignal;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.internal.web.WebServiceImpl;
import dev.dsh.host.model.ActivityListener;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** Golden texts of the web_search tool, and its concurrency, abort and timeout behaviour. */
class WebSearchToolTest {

  private static final String CITE = "Cite the relevant URLs above as markdown links in your answer.";

  /** Answers per query; an unknown query has no results. */
  private final Map<String, BiFunction<WebSearchRequest, AbortSignal, CompletionStage<WebSearchResult>>>
      answers = new ConcurrentHashMap<>();

  private final FakeProvider provider =
      new FakeProvider(
          "memory",
          (request, signal) ->
              answers
                  .getOrDefault(
                      request.query(),
                      (r, s) -> CompletableFuture.completedFuture(WebSearchResult.of(List.of())))
                  .apply(request, signal));

  private final WebServiceImpl web =
      new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
          ActivityListener.NONE, Optional::empty);

  WebSearchToolTest() {
    web.registerSearchProvider(provider);
  }

  private void answer(String query, WebSearchResult result) {
    answers.put(query, (r, s) -> CompletableFuture.completedFuture(result));
  }

  private void hang(String query) {
    answers.put(query, (r, s) -> FakeProvider.hang(s));
  }

  private static WebSearchSource source(String url, String title, String snippet, String date) {
    return new WebSearchSource(url, title, snippet, date);
  }

  private static ToolResult await(CompletionStage<ToolResult> stage) throws Exception {
    return stage.toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  private ToolResult call(String json) throws Exception {
    return await(new WebSearchTool(web).call(json, AbortSignal.never()));
  }

  @Test
  void oneQuery() throws Exception {
    answer(
        "deepseek",
        WebSearchResult.of(
            List.of(
                source(
                    "https://example.com/a",
                    "DeepSeek releases V3",
                    "The model was released today.",
                    "2025-06-09T10:42:17+08:00"),
                source("https://news.example.org/b", "Coverage", "More details.", null))));

    ToolResult result = call("{\"queries\": [\"deepseek\"]}");

    assertThat(result.text())
        .isEqualTo(
            "Sources:\n"
                + "- [DeepSeek releases V3](https://example.com/a) — The model was released today."
                + " (2025-06-09T10:42:17+08:00)\n"
                + "- [Coverage](https://news.example.org/b) — More details.\n"
                + "\n"
                + CITE);
    assertThat(result.isError()).isFalse();
  }

  @Test
  void oneQueryWithContentShowsItFirstWithoutALabel() throws Exception {
    answer(
        "deepseek",
        new WebSearchResult(
            null,
            "DeepSeek is an AI company.\n",
            List.of(source("https://example.com/a", "About", "A page.", null)),
            false, 0));

    assertThat(call("{\"queries\": [\"deepseek\"]}").text())
        .isEqualTo(
            "DeepSeek is an AI company.\n"
                + "\n"
                + "Sources:\n"
                + "- [About](https://example.com/a) — A page.\n"
                + "\n"
                + CITE);
  }

  @Test
  void severalQueriesAreMergedRoundRobinWithLabelsOnlyBeforeContent() throws Exception {
    WebSearchSource shared = source("https://example.com/shared", "Shared", "On both.", null);
    answer(
        "alpha",
        new WebSearchResult(
            null,
            "Alpha answer.",
            List.of(
                source("https://example.com/a1", "A1", "First of alpha.", null),
                shared,
                source("https://example.com/a3", "A3", "Third of alpha.", null)),
            false, 0));
    answer(
        "beta",
        WebSearchResult.of(
            List.of(
                source("https://example.com/b1", "B1", "First of beta.", null),
                source("https://example.com/b2", "B2", "Second of beta.", null))));
    answer(
        "gamma",
        new WebSearchResult(
            null,
            "Gamma answer.",
            List.of(shared, source("https://example.com/g2", "G2", "Second of gamma.", null)),
            false, 0));

    ToolResult result = call("{\"queries\": [\"alpha\", \"beta\", \"gamma\"]}");

    assertThat(result.text())
        .isEqualTo(
            "### alpha\n"
                + "Alpha answer.\n"
                + "\n"
                + "### gamma\n"
                + "Gamma answer.\n"
                + "\n"
                + "Sources:\n"
                + "- [A1](https://example.com/a1) — First of alpha.\n"
                + "- [B1](https://example.com/b1) — First of beta.\n"
                + "- [Shared](https://example.com/shared) — On both.\n"
                + "- [B2](https://example.com/b2) — Second of beta.\n"
                + "- [G2](https://example.com/g2) — Second of gamma.\n"
                + "- [A3](https://example.com/a3) — Third of alpha.\n"
                + "\n"
                + CITE);
  }

  @Test
  void noResults() throws Exception {
    assertThat(call("{\"queries\": [\"nothing here\"]}").text())
        .isEqualTo("No results found.\n\n" + CITE);
  }

  @Test
  void twelveSourcesAreCutToEightWithTheTruncationNote() throws Exception {
    answer("alpha", WebSearchResult.of(FakeProvider.sources("a", 6)));
    answer("beta", WebSearchResult.of(FakeProvider.sources("b", 6)));

    ToolResult result = call("{\"queries\": [\"alpha\", \"beta\"]}");

    assertThat(result.text())
        .isEqualTo(
            "Sources:\n"
                + "- [a title 1](https://example.com/a/1) — a snippet 1\n"
                + "- [b title 1](https://example.com/b/1) — b snippet 1\n"
                + "- [a title 2](https://example.com/a/2) — a snippet 2\n"
                + "- [b title 2](https://example.com/b/2) — b snippet 2\n"
                + "- [a title 3](https://example.com/a/3) — a snippet 3\n"
                + "- [b title 3](https://example.com/b/3) — b snippet 3\n"
                + "- [a title 4](https://example.com/a/4) — a snippet 4\n"
                + "- [b title 4](https://example.com/b/4) — b snippet 4\n"
                + "\n"
                + "(Showing the first 8 sources. Refine the query for more.)\n"
                + "\n"
                + CITE);
  }

  @Test
  void aSearchThatReportsTruncationShowsTheNote() throws Exception {
    answer("alpha", new WebSearchResult(null, null, FakeProvider.sources("a", 2), true, 0));

    assertThat(call("{\"queries\": [\"alpha\"]}").text())
        .isEqualTo(
            "Sources:\n"
                + "- [a title 1](https://example.com/a/1) — a snippet 1\n"
                + "- [a title 2](https://example.com/a/2) — a snippet 2\n"
                + "\n"
                + "(Showing the first 2 sources. Refine the query for more.)\n"
                + "\n"
                + CITE);
  }

  @Test
  void duplicatesDroppedByUrlDoNotCountAsTruncation() throws Exception {
    answer("alpha", WebSearchResult.of(FakeProvider.sources("same", 5)));
    answer("beta", WebSearchResult.of(FakeProvider.sources("same", 5)));

    String text = call("{\"queries\": [\"alpha\", \"beta\"]}").text();

    assertThat(text).doesNotContain("Showing the first");
    assertThat(text.lines().filter(l -> l.startsWith("- ["))).hasSize(5);
  }

  @Test
  void aSourceWithoutTitleShowsItsHost() throws Exception {
    answer(
        "alpha",
        WebSearchResult.of(
            List.of(
                source("https://docs.example.com/guide?page=2", null, "A guide.", "2025-01-02T00:00:00Z"),
                source("urn:isbn:0451450523", null, "A book.", null))));

    assertThat(call("{\"queries\": [\"alpha\"]}").text())
        .isEqualTo(
            "Sources:\n"
                + "- [docs.example.com](https://docs.example.com/guide?page=2) — A guide."
                + " (2025-01-02T00:00:00Z)\n"
                + "- [urn:isbn:0451450523](urn:isbn:0451450523) — A book.\n"
                + "\n"
                + CITE);
  }

  @Test
  void aSourceWithoutSnippetOrDateIsALinkAlone() throws Exception {
    answer(
        "alpha",
        WebSearchResult.of(
            List.of(
                source("https://example.com/a", "Just a title", null, null),
                source("https://example.com/b", "Dated", null, "2025-06-09T10:42:17+08:00"))));

    assertThat(call("{\"queries\": [\"alpha\"]}").text())
        .isEqualTo(
            "Sources:\n"
                + "- [Just a title](https://example.com/a)\n"
                + "- [Dated](https://example.com/b) (2025-06-09T10:42:17+08:00)\n"
                + "\n"
                + CITE);
  }

  @Test
  void linksStayWellFormedMarkdown() throws Exception {
    answer(
        "alpha",
        WebSearchResult.of(
            List.of(
                source("https://en.wikipedia.org/wiki/Java_(programming_language)", "Java", "A\nlanguage.", null),
                source("https://example.com/a b<c>)", "[Draft] a\\b", "x", null))));

    assertThat(call("{\"queries\": [\"alpha\"]}").text())
        .isEqualTo(
            "Sources:\n"
                + "- [Java](https://en.wikipedia.org/wiki/Java_(programming_language)) — A language.\n"
                + "- [\\[Draft\\] a\\\\b](https://example.com/a%20b%3Cc%3E%29) — x\n"
                + "\n"
                + CITE);
  }

  @Test
  void duplicateQueriesAreSearchedOnceAndEachSearchAsksForEight() throws Exception {
    answer("alpha", new WebSearchResult(null, "Answer.", FakeProvider.sources("a", 1), false, 0));

    String text = call("{\"queries\": [\"alpha\", \" alpha\", \"alpha \"]}").text();

    assertThat(provider.requests()).containsExactly(new WebSearchRequest("alpha", 8));
    assertThat(text).startsWith("Answer.\n\nSources:");
  }

  @Test
  void searchesRunConcurrently() throws Exception {
    CompletableFuture<WebSearchResult> first = new CompletableFuture<>();
    answers.put("one", (r, s) -> first);
    answers.put("two", (r, s) -> {
      // Answering "one" only once "two" has started proves both were in flight together.
      first.complete(WebSearchResult.of(FakeProvider.sources("one", 1)));
      return CompletableFuture.completedFuture(WebSearchResult.of(FakeProvider.sources("two", 1)));
    });

    ToolResult result = call("{\"queries\": [\"one\", \"two\"]}");

    assertThat(result.text()).contains("(https://example.com/one/1)", "(https://example.com/two/1)");
  }

  @Test
  void whenOneOfThreeSearchesFailsTheOthersAreAbortedAndTheErrorIsRendered() throws Exception {
    CompletableFuture<WebSearchResult> failing = new CompletableFuture<>();
    hang("one");
    answers.put("bad", (r, s) -> failing);
    hang("three");
    CountingSignal caller = new CountingSignal();
    CompletionStage<ToolResult> call =
        new WebSearchTool(web).call("{\"queries\": [\"one\", \"bad\", \"three\"]}", caller);
    assertThat(provider.requests()).extracting(WebSearchRequest::query).containsExactly("one", "bad", "three");
    WebError boom = new WebError(WEB_PROVIDER_ERROR, "Yuanbao search request failed: HTTP 502");

    failing.completeExceptionally(boom);
    ToolResult result = await(call);

    assertThat(result).isEqualTo(ToolResult.failure(WEB_PROVIDER_ERROR, "Yuanbao search request failed: HTTP 502"));
    assertThat(result.text()).isEqualTo("Error: Yuanbao search request failed: HTTP 502");
    List<AbortSignal> signals = provider.signals();
    assertThat(signals.get(0).aborted()).isTrue();
    assertThat(signals.get(2).aborted()).isTrue();
    assertThat(signals.get(0).reason()).containsSame(boom);
    assertThat(caller.liveHandlers()).as("links to the caller's signal are closed").isZero();
  }

  @Test
  void theTimeoutReachesTheProviderAsAnAbort() throws Exception {
    hang("slow");
    CompletionStage<ToolResult> call =
        new WebSearchTool(web, () -> Duration.ofMillis(100)).call("{\"queries\": [\"slow\"]}", AbortSignal.never());

    ToolResult result = await(call);

    AbortSignal seen = provider.signals().get(0);
    assertThat(seen.aborted()).isTrue();
    assertThat(seen.reason()).get().isInstanceOf(TimeoutException.class);
    assertThat(result).isEqualTo(ToolResult.failure(WEB_ABORTED, "web search timed out after 100 ms"));
  }

  @Test
  void theCallersAbortEndsTheCallWithTheSearchesOwnError() throws Exception {
    hang("slow");
    AbortController caller = new AbortController();
    CompletionStage<ToolResult> call = new WebSearchTool(web).call("{\"queries\": [\"slow\"]}", caller.signal());

    caller.abort();

    assertThat(await(call)).isEqualTo(ToolResult.failure(WEB_ABORTED, "fake search aborted"));
  }

  @Test
  void aSuccessfulCallLeavesNoHandlerOnTheCallersSignal() throws Exception {
    answer("alpha", WebSearchResult.of(FakeProvider.sources("a", 1)));
    CountingSignal caller = new CountingSignal();

    await(new WebSearchTool(web).call("{\"queries\": [\"alpha\", \"beta\"]}", caller));

    assertThat(caller.liveHandlers()).isZero();
  }

  @Test
  void aSelectionFailureIsRenderedWithItsCode() throws Exception {
    WebServiceImpl empty = new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
        ActivityListener.NONE, Optional::empty);

    ToolResult result = await(new WebSearchTool(empty).call("{\"queries\": [\"q\"]}", AbortSignal.never()));

    assertThat(result.errorCode()).isEqualTo("WEB_PROVIDER_UNAVAILABLE");
    assertThat(result.text()).startsWith("Error: no web provider is registered");
  }

  @Test
  void invalidArgumentsAreRefusedWithAMessageForTheModel() throws Exception {
    Map<String, String> cases =
        Map.ofEntries(
            Map.entry("not json", "invalid web_search arguments: they are not valid JSON; send an object like {\"queries\": [\"...\"]}"),
            Map.entry("[\"q\"]", "invalid web_search arguments: they must be a JSON object like {\"queries\": [\"...\"]}"),
            Map.entry("{}", "invalid web_search arguments: \"queries\" is required"),
            Map.entry("{\"queries\": \"q\"}", "invalid web_search arguments: \"queries\" must be an array of 1 to 4 strings"),
            Map.entry("{\"queries\": []}", "invalid web_search arguments: \"queries\" must hold 1 to 4 queries, got 0"),
            Map.entry("{\"queries\": [\"a\",\"b\",\"c\",\"d\",\"e\"]}", "invalid web_search arguments: \"queries\" must hold 1 to 4 queries, got 5"),
            Map.entry("{\"queries\": [\"a\", 3]}", "invalid web_search arguments: \"queries\"[1] must be a string"),
            Map.entry("{\"queries\": [\"a\", \"  \"]}", "invalid web_search arguments: \"queries\"[1] must not be blank"),
            Map.entry("{\"queries\": [\"a\"], \"max\": 3}", "invalid web_search arguments: unknown property \"max\"; only \"queries\", \"site\" and \"freshness\" are accepted"),
            Map.entry("{\"queries\": [\"a\"], \"site\": \"https://x.cn/a\"}", "invalid web_search arguments: \"site\" must be a domain such as www.example.com (letters, digits, hyphens and dots; no scheme, port or path), was \"https://x.cn/a\""),
            Map.entry("{\"queries\": [\"a\"], \"site\": 7}", "invalid web_search arguments: \"site\" must be a string"),
            Map.entry("{\"queries\": [\"a\"], \"freshness\": \"fortnight\"}", "invalid web_search arguments: \"freshness\" must be day, week, month, year or FROM..TO with ISO dates (2025-01-01..2025-06-30), was \"fortnight\""));
    for (Map.Entry<String, String> c : cases.entrySet()) {
      assertThat(call(c.getKey())).as(c.getKey()).isEqualTo(ToolResult.failure(WEB_INVALID_REQUEST, c.getValue()));
    }
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void siteAndFreshnessReachEverySearchOfTheCall() throws Exception {
    provider.supporting(SearchFilter.SITE, SearchFilter.FRESHNESS);

    ToolResult result =
        call("{\"queries\": [\"a\", \"b\"], \"site\": \"WWW.Gov.CN\", \"freshness\": \"2025-01-01..2025-06-30\"}");

    assertThat(result.errorCode()).isNull();
    assertThat(provider.requests())
        .extracting(WebSearchRequest::filters)
        .containsOnly(
            new SearchFilters(
                "www.gov.cn",
                List.of(),
                Freshness.between(LocalDate.of(2025, 1, 1), LocalDate.of(2025, 6, 30))));
  }

  @Test
  void aFilterTheProviderDoesNotSupportFailsTheCallWithItsCode() throws Exception {
    ToolResult result = call("{\"queries\": [\"a\"], \"freshness\": \"week\"}");

    assertThat(result)
        .isEqualTo(
            ToolResult.failure(
                "WEB_REQUEST_UNSUPPORTED",
                "web provider \"memory\" does not support the filter freshness"));
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void theSchemaAcceptsOneToFourNonBlankQueriesAndNothingElse() {
    assertThat(WebSearchTool.schema())
        .isEqualTo(
            "{\n"
                + "  \"type\" : \"object\",\n"
                + "  \"properties\" : {\n"
                + "    \"queries\" : {\n"
                + "      \"type\" : \"array\",\n"
                + "      \"description\" : \"1 to 4 search queries, each searched on its own; duplicates are ignored.\",\n"
                + "      \"items\" : {\n"
                + "        \"type\" : \"string\",\n"
                + "        \"minLength\" : 1,\n"
                + "        \"pattern\" : \"\\\\S\"\n"
                + "      },\n"
                + "      \"minItems\" : 1,\n"
                + "      \"maxItems\" : 4\n"
                + "    },\n"
                + "    \"site\" : {\n"
                + "      \"type\" : \"string\",\n"
                + "      \"description\" : \"Search within this domain only, such as www.gov.cn.\",\n"
                + "      \"pattern\" : \"^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$\"\n"
                + "    },\n"
                + "    \"freshness\" : {\n"
                + "      \"type\" : \"string\",\n"
                + "      \"description\" : \"Only pages of the last day, week, month or year, or published FROM..TO (ISO dates, such as 2025-01-01..2025-06-30).\",\n"
                + "      \"pattern\" : \"^(day|week|month|year|\\\\d{4}-\\\\d{2}-\\\\d{2}\\\\.\\\\.\\\\d{4}-\\\\d{2}-\\\\d{2})$\"\n"
                + "    }\n"
                + "  },\n"
                + "  \"required\" : [ \"queries\" ],\n"
                + "  \"additionalProperties\" : false\n"
                + "}");
  }
}
