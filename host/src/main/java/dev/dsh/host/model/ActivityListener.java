package dev.dsh.host.model;

import java.util.List;

/**
 * Told what a host does that a service measures: every search its web service runs (through any
 * door) and every reload of a serving host. Called on the thread that starts or ends the search or
 * runs the reload: it must not block; what it throws is logged and ignored.
 */
public interface ActivityListener {

  /** A search started; {@code query} is for an event list, never a metric label. */
  default void searchStarted(String query) {}

  /** A search that {@link #searchStarted} ended, with or without a result. */
  default void searchEnded(SearchRecord search) {}

  /** A reload ended (a serving host's boot is its first); {@code problems} one line each. */
  default void reloaded(List<String> problems) {}

  /** A listener that ignores everything. */
  static ActivityListener none() {
    return None.NONE;
  }

  /** A listener that tells this one, then {@code next}. */
  default ActivityListener andThen(ActivityListener next) {
    ActivityListener first = this;
    return next == none() ? this : new ActivityListener() {
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
  enum None implements ActivityListener { NONE }
}
