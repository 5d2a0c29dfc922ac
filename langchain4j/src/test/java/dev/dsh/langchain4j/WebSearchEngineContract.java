package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.web.search.WebSearchEngine;
import dev.langchain4j.web.search.WebSearchOrganicResult;
import dev.langchain4j.web.search.WebSearchRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every LangChain4j web search engine is held to (the pattern of LangChain4j's own {@code
 * WebSearchEngineIT}): a search finds results with a title, a url and a snippet and no content,
 * one of them about the query; a {@code maxResults} is respected.
 */
abstract class WebSearchEngineContract {

  static final int MAX_RESULTS = 7;

  /** The engine under test, answering {@code langchain4j} queries with sources about it. */
  abstract WebSearchEngine engine();

  @Test
  void searchFindsResultsWithTitleUrlAndSnippet() {
    List<WebSearchOrganicResult> results = engine().search("What is langchain4j").results();

    assertThat(results).isNotEmpty();
    assertThat(results)
        .allSatisfy(
            result -> {
              assertThat(result.title()).isNotBlank();
              assertThat(result.url()).isNotNull();
              assertThat(result.snippet()).isNotBlank();
              assertThat(result.content()).isNull();
            });
    assertThat(results).anyMatch(result -> result.url().toString().contains("langchain4j"));
  }

  @Test
  void searchRespectsMaxResults() {
    WebSearchRequest request =
        WebSearchRequest.builder()
            .searchTerms("What is langchain4j")
            .maxResults(MAX_RESULTS)
            .build();

    List<WebSearchOrganicResult> results = engine().search(request).results();

    assertThat(results).isNotEmpty().hasSizeLessThanOrEqualTo(MAX_RESULTS);
  }
}
