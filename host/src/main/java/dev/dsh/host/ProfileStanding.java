package dev.dsh.host;

import dev.dsh.host.model.ProfileException;
import java.util.Optional;

/**
 * Whether a serving host's profile is applied and, while its files do not compose, why. Written by
 * the host's admin thread on each reload, read by any.
 */
final class ProfileStanding {

  private volatile Optional<String> problem = Optional.empty();
  private volatile Optional<String> refusal = Optional.empty();
  private boolean everApplied; // the admin thread's own

  /** The profile's own tree is applied now. */
  void applied() {
    everApplied = true;
    refusal = Optional.empty();
    problem = Optional.empty();
  }

  /** The profile did not compose: returns the line to report (see {@link #refusal()}). */
  String notApplied(String profile, ProfileException error) {
    String line = everApplied
        ? "profile not applied, the previous tree keeps serving: " + error.getMessage()
        : RowFailures.oneLine("profile \"" + profile + "\" is not applied, so no plugin row runs: "
            + error.getMessage() + "; fix the file and dsh applies it once it is saved, without a"
            + " restart");
    refusal = everApplied ? refusal : Optional.of(line);
    problem = Optional.of(RowFailures.oneLine(line));
    return line;
  }

  /** The line reported while the profile's files do not compose; empty once they do. */
  Optional<String> problem() {
    return problem;
  }

  /**
   * While no tree of the profile's own has applied, what a search fails with while no provider is
   * registered: the base layer's answer ("install and enable a web search plugin") would mislead.
   */
  Optional<String> refusal() {
    return refusal;
  }
}
