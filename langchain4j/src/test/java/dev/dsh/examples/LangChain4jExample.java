package dev.dsh.examples;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.langchain4j.DshWebSearchEngine;
import dev.langchain4j.rag.content.Content;
import dev.langchain4j.rag.content.retriever.WebSearchContentRetriever;
import dev.langchain4j.rag.query.Query;
import dev.langchain4j.web.search.WebSearchTool;
import java.nio.file.Path;
import java.util.List;

/** LangChain4j's web search tool and content retriever over an embedded dsh host. */
public final class LangChain4jExample {

  public static void main(String[] args) {
    run(Path.of(args[0]));
  }

  public static String run(Path home) {
    try (Host host = Host.start(HostOptions.of(home, "default"))) {
      DshWebSearchEngine engine = new DshWebSearchEngine(host.web().orElseThrow());

      // a tool for an AI service: AiServices.builder(Assistant.class).tools(webSearch)...
      WebSearchTool webSearch = WebSearchTool.from(engine);
      String forTheModel = webSearch.searchWeb("DeepSeek R1");

      // or retrieval-augmented generation: ...contentRetriever(retriever)
      WebSearchContentRetriever retriever =
          WebSearchContentRetriever.builder().webSearchEngine(engine).maxResults(3).build();
      List<Content> contents = retriever.retrieve(Query.from("mixture of experts"));

      return forTheModel + "\n\n(" + contents.size() + " contents retrieved)";
    }
  }
}
