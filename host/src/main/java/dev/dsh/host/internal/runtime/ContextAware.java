package dev.dsh.host.internal.runtime;

import dev.dsh.api.Context;

/** A service whose view for each caller registers as an effect of the caller's scope. */
public interface ContextAware<T> {

  T bindTo(Context caller);
}
