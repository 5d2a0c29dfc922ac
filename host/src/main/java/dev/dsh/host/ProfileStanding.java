package dev.dsh.host;

import dev.dsh.host.model.ProfileException;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;

/**
 * Whether a serving host's profile is applied and, while its files do not compose, why, and what
 * searches go through instead. Written by the host's admin thread on each reload, read by any.
 */
final class ProfileStanding {

  private volatile Optional<String> problem = Optional.empty();
  private volatile @Nullable UnappliedProfile unapplied;
  // The admin thread's own.
  private boolean everApplied;

  /** The profile's own tree is applied now. */
  void applied() {
    everApplied = true;
    unapplied = null;
    problem = Optional.empty();
  }

  /**
   * The profile did not compose with {@code error}: the last good tree keeps serving, or, when there
   * has been none since the start, every search fails with the error ({@link #unapplied()}).
   *
   * @return the line to report
   */
  String notApplied(String profile, ProfileException error) {
    String line;
    if (everApplied) {
      line = "profile not applied, the previous tree keeps serving: " + error.getMessage();
    } else {
      UnappliedProfile refusal = UnappliedProfile.of(profile, error);
      unapplied = refusal;
      line = refusal.message();
    }
    problem = Optional.of(OneLine.of(line));
    return line;
  }

  /** The line reported while the profile's files do not compose; empty once they do. */
  Optional<String> problem() {
    return problem;
  }

  /**
   * What searches go through while no tree of the profile's own has been applied and no provider is
   * registered: a reload that composes marks the profile applied once its rows are, and a search
   * after a row's "applied" line must reach that row.
   */
  Optional<UnappliedProfile> unapplied(BooleanSupplier anyProvider) {
    return Optional.ofNullable(unapplied).filter(refusal -> !anyProvider.getAsBoolean());
  }
}
