package dev.dsh.host.model;

import java.util.List;

/**
 * Receives what a host does that a service measures: every search its web service runs (whichever
 * door it came through: a plugin's {@code ctx.web}, the {@code web_search} tool, {@code
 * Host.search}) and every reload of a serving host. Given through {@code HostOptions}; {@code
 * dsh-serve}'s {@code SearchMeters} turns it into metrics.
 *
 * <p>Called on whichever thread starts or ends the search or runs the reload: it must not block. An
 * exception thrown here is logged and ignored, never seen by the search.
 */
public interface ActivityListener {

  /**
   * A search started, before a provider is chosen.
   *
   * @param query the query, for an event list; never a metric label (it is unbounded and may be
   *     private)
   */
  default void searchStarted(String query) {}

  /** A search that {@link #searchStarted} ended, with or without a result. */
  default void searchEnded(SearchRecord search) {}

  /**
   * A reload ended (the boot of a serving host is its first).
   *
   * @param problems what it found, each on one line; empty when all went well
   */
  default void reloaded(List<String> problems) {}

  /** A listener that ignores everything. */
  static ActivityListener none() {
    return None.NONE;
  }

  /** A listener that tells this one, then {@code next}. */
  default ActivityListener andThen(ActivityListener next) {
    if (next == none()) {
      return this;
    }
    ActivityListener first = this;
    return new ActivityListener() {
      @Override
      public void searchStarted(String query) {
        first.searchStarted(query);
        next.searchStarted(query);
      }

      @Override
      public void searchEnded(SearchRecord search) {
        first.searchEnded(search);
        next.searchEnded(search);
      }

      @Override
      public void reloaded(List<String> problems) {
        first.reloaded(problems);
        next.reloaded(problems);
      }
    };
  }

  /** The one {@link #none()} listener. */
  enum None implements ActivityListener {
    NONE
  }
}
