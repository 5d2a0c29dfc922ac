package dev.dsh.host.model;

/**
 * Told each life-cycle event of the host's scopes, on the runtime thread right after the
 * transition, in order: it must not block; what it throws is logged and ignored.
 */
@FunctionalInterface
public interface LifecycleListener {

  void onEvent(LifecycleEvent event);

  /** A listener that ignores every event. */
  static LifecycleListener none() {
    return event -> {};
  }
}
