package dev.dsh.api;

/**
 * The life-cycle state of a {@link Scope}.
 *
 * <pre>
 *            (required services missing)
 *   create ──► PENDING ◄──────────────┐
 *      │          │ all present        │ a required service went away
 *      │          ▼                    │
 *      └─────► LOADING ──► ACTIVE ─────┘
 *                 │  ▲        │  update without an accept handler: back to LOADING
 *                 ▼  └────────┘
 *               FAILED  (apply or config validation threw; the error is kept)
 *
 *   any state ──dispose()──► UNLOADING ──► DISPOSED  (final)
 * </pre>
 *
 * <p>Transitions of one scope are serialized; every transition increments the scope's
 * {@linkplain Scope#generation() generation}.
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
  /** {@link Scope#dispose()} is releasing effects; registrations are refused. */
  UNLOADING,
  /** Final: every effect has been released. */
  DISPOSED;

  /** True for the states in which the scope's context accepts registrations. */
  public boolean acceptsRegistrations() {
    return this == LOADING || this == ACTIVE;
  }
}
