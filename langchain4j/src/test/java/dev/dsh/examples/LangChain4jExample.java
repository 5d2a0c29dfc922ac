package dev.dsh.examples;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.langchain4j.DshWebSearchEngine;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.retriever.WebSearchContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.web.search.WebSearchOrganicResult;
import dev.langchain4j.web.search.WebSearchRequest;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/** dsh as a LangChain4j web search engine: a search, and a content retriever over it. */
public final class LangChain4jExample {

  public static void main(String[] args) {
    run(Path.of(args[0]), System.out);
  }

  public static void run(Path home, PrintStream out) {
    try (Host host = Host.start(HostOptions.of(home, "default"))) {
      DshWebSearchEngine engine = new DshWebSearchEngine(host.web().orElseThrow());

      // one search: the query, a limit, and the filters site, excludeSites and freshness
      WebSearchRequest request =
          WebSearchRequest.builder()
              .searchTerms("DeepSeek R1")
              .maxResults(5)
              .additionalParams(Map.of("freshness", "year"))
              .build();
      for (WebSearchOrganicResult result : engine.search(request).results()) {
        out.println(result.title() + " <" + result.url() + ">");
      }

      // retrieval-augmented generation: AiServices.builder(...).contentRetriever(retriever)
      WebSearchContentRetriever retriever =
          WebSearchContentRetriever.builder().webSearchEngine(engine).maxResults(3).build();
      for (Content content : retriever.retrieve(Query.from("mixture of experts"))) {
        out.println("retrieved: " + content.textSegment().metadata().getString("url"));
      }
    }
  }
}
