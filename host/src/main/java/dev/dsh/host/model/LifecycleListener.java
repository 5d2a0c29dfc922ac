package dev.dsh.host.model;

/** Told each scope event in order on the runtime thread: must not block; a throw is logged. */
@FunctionalInterface
public interface LifecycleListener {

  void onEvent(LifecycleEvent event);

  /** A listener that ignores every event. */
  static LifecycleListener none() {
    return event -> {};
  }
}
