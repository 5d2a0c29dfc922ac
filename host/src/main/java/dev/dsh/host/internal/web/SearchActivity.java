package dev.dsh.host.internal.web;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.host.model.SearchRecord.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Reports searches (timed) and reloads to an {@link ActivityListener}, logging what it throws. */
public record SearchActivity(ActivityListener listener) {

  private static final Logger LOG = LoggerFactory.getLogger(SearchActivity.class);

  /** Reports nothing. */
  public static final SearchActivity NONE = new SearchActivity(ActivityListener.NONE);

  /** Reports a reload that found {@code problems}. */
  public void reloaded(List<String> problems) {
    guarded(() -> listener.reloaded(List.copyOf(problems)), "reloaded");
  }

  /** Reports a search of {@code query} starting now; returns when, for {@link #ended}. */
  long started(String query) {
    guarded(() -> listener.searchStarted(query), "searchStarted");
    return System.nanoTime();
  }

  /** Reports the end of {@code outcome}; returns it, so a cancel still reaches the search. */
  <T extends CompletionStage<WebSearchResult>> T ended(
      String query, long start, @Nullable String provider, T outcome) {
    outcome.whenComplete((result, error) -> guarded(() -> {
      Optional<String> code =
          Optional.ofNullable(error).map(e -> WebError.of(e, "web search").code());
      Outcome end = code.isEmpty() ? Outcome.OK
          : code.get().equals(WebErrorCodes.WEB_ABORTED) ? Outcome.ABORTED : Outcome.ERROR;
      listener.searchEnded(new SearchRecord(Optional.ofNullable(provider), end, code,
          Duration.ofNanos(System.nanoTime() - start), query));
    }, "searchEnded"));
    return outcome;
  }

  private static void guarded(Runnable call, String what) {
    try {
      call.run();
    } catch (RuntimeException e) {
      LOG.warn("the activity listener failed in {}; ignored", what, e);
    }
  }
}
