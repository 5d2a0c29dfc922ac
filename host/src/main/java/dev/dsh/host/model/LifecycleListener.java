package dev.dsh.host.model;

import dev.dsh.host.internal.runtime.ScopeRuntime;

/**
 * Receives the life-cycle events of every scope of a {@link ScopeRuntime}.
 *
 * <p>Called on the runtime thread right after each transition, in order; it must not block or call
 * back into the runtime from another thread. An exception thrown here is logged and ignored.
 */
@FunctionalInterface
public interface LifecycleListener {

  /** Called once per event. */
  void onEvent(LifecycleEvent event);

  /** A listener that ignores every event. */
  static LifecycleListener none() {
    return event -> {};
  }
}
