package dev.dsh.host.internal.runtime;

import dev.dsh.api.Context;

/**
 * A provided service that hands each caller a view bound to the caller's context, so that what the
 * caller registers through it (a search provider, a listener) becomes an effect of the caller's
 * scope. The scope runtime applies it on every {@code ctx.get} and {@code ctx.inject}.
 *
 * @param <T> the service type
 */
public interface ContextAware<T> {

  /** The view of this service for {@code caller}. */
  T bindTo(Context caller);
}
