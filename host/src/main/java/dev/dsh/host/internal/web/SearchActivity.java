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

/**
 * Reports searches and reloads to the host's {@link ActivityListener}, timing each search, and
 * logs and ignores a listener that throws. With {@link ActivityListener#none()} it does nothing,
 * so a host nobody measures pays nothing per search.
 */
public final class SearchActivity {

  private static final Logger LOG = LoggerFactory.getLogger(SearchActivity.class);

  /** Reports nothing. */
  public static final SearchActivity NONE = new SearchActivity(ActivityListener.none());

  private final ActivityListener listener;
  private final boolean silent;

  public SearchActivity(ActivityListener listener) {
    this.listener = listener;
    this.silent = listener == ActivityListener.none();
  }

  /** Reports a reload that found {@code problems}. */
  public void reloaded(List<String> problems) {
    if (!silent) {
      guarded(() -> listener.reloaded(List.copyOf(problems)), "reloaded");
    }
  }

  /** Reports a search starting now; the returned tracker reports its end. */
  Started started(String query) {
    if (!silent) {
      guarded(() -> listener.searchStarted(query), "searchStarted");
    }
    return new Started(query, silent ? 0 : System.nanoTime());
  }

  private static void guarded(Runnable call, String what) {
    try {
      call.run();
    } catch (RuntimeException e) {
      LOG.warn("the activity listener failed in {}; ignored", what, e);
    }
  }

  /** A search being timed. */
  final class Started {

    private final String query;
    private final long start;

    private Started(String query, long start) {
      this.query = query;
      this.start = start;
    }

    /**
     * Reports the end of {@code outcome}, served or failed by {@code provider} (null: none was
     * chosen); returns {@code outcome} itself, so cancelling it still reaches the search.
     */
    <T extends CompletionStage<WebSearchResult>> T ended(@Nullable String provider, T outcome) {
      if (!silent) {
        outcome.whenComplete((result, error) -> guarded(
            () -> listener.searchEnded(record(provider, error)), "searchEnded"));
      }
      return outcome;
    }

    private SearchRecord record(@Nullable String provider, @Nullable Throwable error) {
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      Optional<String> code =
          Optional.ofNullable(error).map(e -> WebError.of(e, "web search").code());
      Outcome outcome = code.isEmpty() ? Outcome.OK
          : code.get().equals(WebErrorCodes.WEB_ABORTED) ? Outcome.ABORTED : Outcome.ERROR;
      return new SearchRecord(Optional.ofNullable(provider), outcome, code, took, query);
    }
  }
}
