package dev.dsh.langchain4j;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.langchain4j.web.search.WebSearchEngine;
import java.util.ArrayList;
import java.util.List;

/** The engine contract over an in-memory web service: no host, no network. */
class OfflineEngineContractTest extends WebSearchEngineContract {

  @Override
  WebSearchEngine engine() {
    return new DshWebSearchEngine(
        new FakeWebService(
            request -> {
              List<WebSearchSource> sources = new ArrayList<>();
              for (int i = 1; i <= 10; i++) {
                sources.add(
                    new WebSearchSource(
                        "https://docs.langchain4j.dev/page/" + i, "Page " + i, "About " + i, null));
              }
              return WebSearchResult.of(sources);
            }));
  }
}
