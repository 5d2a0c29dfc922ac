package dev.dsh.host.tool;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs the searches of one call at once under a signal shared with the caller's. The first failure
 * fires that signal, aborting the others, and becomes the outcome; otherwise the outcome is every
 * result in order. They overlap because {@link WebService#search} returns without waiting; one
 * that fails at once (no provider to select) leaves the rest unstarted.
 */
final class SearchFanOut {

  private SearchFanOut() {}

  /**
   * @param progress told as each search ends with a result
   * @return the results in request order, or the first {@link WebError}
   */
  static CompletableFuture<List<WebSearchResult>> run(WebService web,
      List<WebSearchRequest> requests, SearchProgress progress, AbortSignal caller) {
    AbortController shared = AbortController.linkedTo(caller);
    // Searches end on the providers' threads: the count and the report go together under one
    // monitor, so reports arrive one at a time with the count rising.
    int[] done = {0};
    CompletableFuture<List<WebSearchResult>> outcome = new CompletableFuture<>();
    outcome.whenComplete((results, error) -> shared.close());
    List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
    for (WebSearchRequest request : requests) {
      if (outcome.isDone()) {
        break;
      }
      CompletableFuture<WebSearchResult> search;
      try {
        search = web.search(request, shared.signal()).toCompletableFuture();
      } catch (RuntimeException e) {
        search = CompletableFuture.failedFuture(e);
      }
      // The outcome waits for the stage whenComplete returns, so every report comes before it.
      searches.add(search.whenComplete((result, error) -> {
        if (error != null) {
          WebError failure = WebError.of(error, "web search");
          if (outcome.completeExceptionally(failure)) {
            shared.abort(failure);
          }
        } else {
          synchronized (done) {
            try {
              progress.finished(++done[0], requests.size());
            } catch (RuntimeException e) {
              // a report that failed must not fail the search it reports
            }
          }
        }
      }));
    }
    CompletableFuture.allOf(searches.toArray(CompletableFuture[]::new))
        .thenRun(() -> outcome.complete(searches.stream().map(CompletableFuture::join).toList()));
    return outcome;
  }
}
