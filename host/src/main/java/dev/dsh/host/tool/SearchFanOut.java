package dev.dsh.host.tool;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.web.WebErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Runs one search per query at once under a shared signal. The first failure fires that signal, so
 * the other searches are aborted, and becomes the outcome; otherwise the outcome is every result in
 * query order.
 *
 * <p>Searches are started one after another on the calling thread; they overlap because {@link
 * WebService#search} returns a stage without waiting for the answer. When a search fails before the
 * next one is started (such as no provider being selectable), the remaining queries are not
 * searched at all.
 */
final class SearchFanOut {

  private SearchFanOut() {}

  /**
   * @param filters the filters every search carries
   * @param progress told as each search ends with a result
   * @param parents the signals that abort every search (the caller's, the timeout)
   * @return a stage completing with the results in query order, or exceptionally with the first
   *     {@link WebError}; the shared controller is closed when it completes
   */
  static CompletableFuture<List<WebSearchResult>> run(
      WebService web,
      List<String> queries,
      int maxResults,
      SearchFilters filters,
      SearchProgress progress,
      AbortSignal... parents) {
    AbortController shared = AbortController.linkedTo(parents);
    // Searches end on the providers' threads: the count and the report go together under one
    // monitor, so reports arrive one at a time with the count rising.
    int[] done = {0};
    CompletableFuture<List<WebSearchResult>> outcome = new CompletableFuture<>();
    outcome.whenComplete((results, error) -> shared.close());
    List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
    for (String query : queries) {
      if (outcome.isDone()) {
        break; // an earlier search already failed at once; the rest would only be aborted
      }
      CompletableFuture<WebSearchResult> search = start(web, new WebSearchRequest(query, maxResults, filters), shared.signal());
      // The outcome waits for the stage whenComplete returns, so every report is made before it.
      CompletableFuture<WebSearchResult> reported = search.whenComplete(
          (result, error) -> {
            if (error != null) {
              WebError failure = asWebError(error);
              if (outcome.completeExceptionally(failure)) {
                shared.abort(failure);
              }
            } else {
              report(progress, done, queries.size());
            }
          });
      searches.add(reported);
    }
    CompletableFuture.allOf(searches.toArray(CompletableFuture[]::new))
        .thenRun(() -> outcome.complete(searches.stream().map(CompletableFuture::join).toList()));
    return outcome;
  }

  private static void report(SearchProgress progress, int[] done, int total) {
    synchronized (done) {
      try {
        progress.finished(++done[0], total);
      } catch (RuntimeException e) {
        // a report that failed must not fail the search it reports
      }
    }
  }

  private static CompletableFuture<WebSearchResult> start(
      WebService web, WebSearchRequest request, AbortSignal signal) {
    try {
      return web.search(request, signal).toCompletableFuture();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** A search's failure as the tool reports it: a {@link WebError} as is, anything else wrapped. */
  static WebError asWebError(Throwable error) {
    return WebErrors.of(error, "web search");
  }

}
