package dev.dsh.host.internal.runtime;

import dev.dsh.api.Context;

/**
 * A service that hands each caller a view bound to the caller's context, so what the caller
 * registers through it becomes an effect of the caller's scope; applied on every {@code ctx.get}.
 *
 * @param <T> the service type
 */
public interface ContextAware<T> {

  /** The view of this service for {@code caller}. */
  T bindTo(Context caller);
}
