package dev.dsh.host.model;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One search that ended, as an {@link ActivityListener} sees it.
 *
 * @param provider the id of the provider that served or failed it; empty when none was chosen (none
 *     ready, the query refused before selection)
 * @param outcome how it ended
 * @param code the {@code WebErrorCodes} code it failed with; empty when it succeeded
 * @param duration from its start to its end
 * @param query the query, for an event list; never a metric label
 */
public record SearchRecord(
    Optional<String> provider, Outcome outcome, Optional<String> code, Duration duration,
    String query) {

  /** How a search ended. */
  public enum Outcome {
    /** With a result. */
    OK,
    /** With an error other than an abort. */
    ERROR,
    /** Aborted: its caller's signal fired (a timeout, a cancel), or its provider went away. */
    ABORTED;

    /** The label form: {@code ok}, {@code error}, {@code aborted}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public SearchRecord {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(duration, "duration");
    Objects.requireNonNull(query, "query");
    if (outcome == Outcome.OK ? code.isPresent() : code.isEmpty()) {
      throw new IllegalArgumentException("a failed search has a code, a successful one none");
    }
  }
}
