package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.retriever.WebSearchContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.web.search.WebSearchEngine;
import dev.langchain4j.web.search.WebSearchRequest;
import dev.langchain4j.web.search.WebSearchTool;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * LangChain4j's own {@link WebSearchTool} and {@link WebSearchContentRetriever} over the engine,
 * the engine over an embedded host, the host loading the real plugin jar through PF4J, the plugin
 * searching a loopback stub. The engine contract runs here too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LangChain4jThroughHostTest extends WebSearchEngineContract {

  private SearchProStub stub;
  private StubbedHost host;
  private DshWebSearchEngine engine;

  @BeforeAll
  void start(@TempDir Path home) throws Exception {
    stub = SearchProStub.routing(request -> StubReply.json(answer(request.body())));
    host = StubbedHost.start(home, stub.baseUrl());
    engine = new DshWebSearchEngine(host.web());
  }

  /** The stub's answers, by the query in the SearchPro request body. */
  private static String answer(String body) {
    if (body.contains("refuse me")) {
      return "{\"Response\":{\"RequestId\":\"r-e\",\"Error\":{\"Code\":\"RequestLimitExceeded\","
          + "\"Message\":\"too many requests\"}}}";
    }
    if (body.contains("untitled")) {
      return SearchProAnswers.answer(
          "r-1",
          SearchProAnswers.page(
              "\\\"url\\\":\\\"https://untitled.example.net/x\\\",\\\"passage\\\":\\\"No title here\\\""));
    }
    return SearchProAnswers.pages(body.contains("langchain4j") ? "langchain4j" : "deepseek", 10);
  }

  @AfterAll
  void stop() {
    if (host != null) {
      host.close();
    }
    if (stub != null) {
      stub.close();
    }
  }

  @Override
  WebSearchEngine engine() {
    return engine;
  }

  @Test
  void langChain4jsWebSearchToolListsTheStubsSources() {
    String text = new WebSearchTool(engine).searchWeb("DeepSeek R1");

    assertThat(text)
        .startsWith(
            "Title: Result 1 about deepseek\nSource: https://example.com/deepseek/1\nSnippet:\n"
                + "About deepseek, part 1\n\nTitle: Result 2 about deepseek")
        .contains("Source: https://example.com/deepseek/10\n");
    assertThat(stub.bodies()).anySatisfy(body -> assertThat(body).contains("\"Query\":\"DeepSeek R1\""));
  }

  @Test
  void theContentRetrieverGetsAsManySegmentsAsItAskedFor() {
    WebSearchContentRetriever retriever =
        WebSearchContentRetriever.builder().webSearchEngine(engine).maxResults(3).build();

    List<Content> contents = retriever.retrieve(Query.from("DeepSeek R1"));

    assertThat(contents).hasSize(3);
    assertThat(contents.get(0).textSegment().text())
        .contains("Result 1 about deepseek")
        .contains("About deepseek, part 1");
    assertThat(contents.get(0).textSegment().metadata().toMap())
        .containsEntry("url", "https://example.com/deepseek/1")
        .containsEntry("publishedAt", "2025-06-01T10:00:00+08:00")
        .containsEntry("provider", "yuanbao");
  }

  @Test
  void aSourceWithoutTitleIsTitledByItsHost() {
    assertThat(engine.search("untitled").results().get(0).title()).isEqualTo("untitled.example.net");
  }

  @Test
  void anUnsupportedFieldIsRefusedByNameBeforeAnythingIsSearched() {
    int before = stub.bodies().size();

    assertThatThrownBy(
            () -> engine.search(WebSearchRequest.builder().searchTerms("DeepSeek").language("fr").build()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("language fr");
    assertThat(stub.bodies()).hasSize(before);
  }

  @Test
  void theFiltersInAdditionalParamsReachTheServiceBody() {
    engine.search(
        WebSearchRequest.builder()
            .searchTerms("filtered one")
            .maxResults(15)
            .additionalParams(Map.of("site", "www.gov.cn", "freshness", "year"))
            .build());
    engine.search(
        WebSearchRequest.builder()
            .searchTerms("filtered two")
            .additionalParams(
                Map.of("excludeSites", List.of("a.com", "b.org"), "freshness", "2025-01-01..2025-06-30"))
            .build());

    assertThat(stub.bodies())
        .contains(
            "{\"Query\":\"filtered one\",\"Cnt\":20,\"Site\":\"www.gov.cn\",\"Freshness\":\"y1\"}",
            "{\"Query\":\"filtered two\",\"Cnt\":10,\"Site\":\"exclude:a.com|b.org\","
                + "\"Freshness\":\"2025-01-01,2025-06-30\"}");
  }

  @Test
  void siteTogetherWithExcludeSitesIsRefusedByYuanbaoWithItsCode() {
    int before = stub.bodies().size();
    WebSearchRequest request =
        WebSearchRequest.builder()
            .searchTerms("DeepSeek")
            .additionalParams(Map.of("site", "example.com", "excludeSites", "other.com"))
            .build();

    assertThatThrownBy(() -> engine.search(request))
        .isInstanceOfSatisfying(
            WebError.class,
            error -> {
              assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_REQUEST_UNSUPPORTED);
              assertThat(error.getMessage()).contains("site").contains("excludeSites");
            });
    assertThat(stub.bodies()).hasSize(before);
  }

  @Test
  void theServicesErrorSurfacesWithItsCode() {
    assertThatThrownBy(() -> engine.search("refuse me"))
        .isInstanceOfSatisfying(
            WebError.class,
            error -> {
              assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
              assertThat(error.getMessage()).contains("too many requests");
              assertThat(error.providerCode()).contains("RequestLimitExceeded");
            });
  }
}
