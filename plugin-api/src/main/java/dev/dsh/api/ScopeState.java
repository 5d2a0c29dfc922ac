package dev.dsh.api;

/**
 * The life-cycle state of a {@link Scope}; docs/ARCHITECTURE.md tables its transitions, which run
 * one at a time, in the order asked, each incrementing {@link Scope#generation()}.
 */
public enum ScopeState {
  /** Waiting for at least one service named by {@link Plugin#inject()}. */
  PENDING,
  /** {@link Plugin#apply} is running. */
  LOADING,
  /** {@link Plugin#apply} returned; the plugin's effects are in place. */
  ACTIVE,
  /** Config validation or {@link Plugin#apply} failed; {@link Scope#error()} holds why. */
  FAILED,
  /** Effects are being released, towards {@code PENDING} or {@code DISPOSED}. */
  UNLOADING,
  /** Final: every effect has been released. */
  DISPOSED;

  /** True for the states in which the scope's context accepts registrations. */
  public boolean acceptsRegistrations() {
    return this == LOADING || this == ACTIVE;
  }
}
