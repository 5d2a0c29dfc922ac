package dev.dsh.host.model;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/** One search that ended, as an {@link ActivityListener} sees it; the query is never a label. */
public record SearchRecord(
    Optional<String> provider, Outcome outcome, Optional<String> code, Duration duration,
    String query) {

  /** How a search ended: with a result, an error, or aborted (a timeout, a cancel, an unload). */
  public enum Outcome {
    OK, ERROR, ABORTED;

    /** {@code ok}, {@code error} or {@code aborted}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public SearchRecord {
    if (outcome == Outcome.OK ? code.isPresent() : code.isEmpty()) {
      throw new IllegalArgumentException("a failed search has a code, a successful one none");
    }
  }
}
