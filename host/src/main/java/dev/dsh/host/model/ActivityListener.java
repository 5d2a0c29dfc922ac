package dev.dsh.host.model;

import java.util.List;

/** Told of searches and reloads on the threads running them: must not block; throws are logged. */
public interface ActivityListener {

  /** A listener that ignores everything. */
  ActivityListener NONE = new ActivityListener() {};

  /** A search started; {@code query} is for an event list, never a metric label. */
  default void searchStarted(String query) {}

  /** A search that {@link #searchStarted} ended, with or without a result. */
  default void searchEnded(SearchRecord search) {}

  /** A reload ended (a serving host's boot is its first); {@code problems} one line each. */
  default void reloaded(List<String> problems) {}

  /** A listener that tells this one, then {@code next}. */
  default ActivityListener andThen(ActivityListener next) {
    ActivityListener first = this;
    return next == NONE ? this : new ActivityListener() {
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
}
