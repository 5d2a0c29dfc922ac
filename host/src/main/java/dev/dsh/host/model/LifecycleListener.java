package dev.dsh.host.model;


/**
 * Receives the life-cycle events of every scope of a the host's scope runtime.
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
