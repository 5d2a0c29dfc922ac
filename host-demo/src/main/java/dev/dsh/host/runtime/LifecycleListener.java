package dev.dsh.host.runtime;

/**
 * Receives the life-cycle events of every scope of a {@link ScopeRuntime}.
 *
 * <p>Called on the thread that performed the transition, after it completed, with no runtime lock
 * held; the events of one scope arrive in order. An exception thrown here is logged and ignored.
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
