package dev.dsh.api;

/**
 * The life-cycle state of a {@link Scope}.
 *
 * <pre>
 *   from        to          when
 *   (created)   PENDING     the scope is made with a valid config
 *   (created)   FAILED      its config is invalid (the error is kept)
 *   PENDING     LOADING     every required service is present: apply runs
 *   PENDING     PENDING     an update while a required service is missing (config adopted)
 *   LOADING     ACTIVE      apply returned
 *   LOADING     FAILED      apply threw or missed its deadline (error kept, effects released)
 *   ACTIVE      ACTIVE      an update taken by the accept handler
 *   ACTIVE      FAILED      the update handler missed its deadline
 *   ACTIVE      UNLOADING   a required service went away, or an update no handler took
 *   UNLOADING   PENDING     released; loads again once ready (with the new config after an update)
 *   FAILED      LOADING     an update while every required service is present
 *   FAILED      PENDING     an update while one is missing
 *   any other   UNLOADING   dispose()
 *   UNLOADING   DISPOSED    released after dispose(); final
 * </pre>
 *
 * <p>In {@code UNLOADING} a scope withdraws its services (unloading their dependents), disposes its
 * children newest first, then releases its own effects in reverse order. Transitions run one at a
 * time, in the order asked, each incrementing the scope's {@linkplain Scope#generation()
 * generation}.
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
