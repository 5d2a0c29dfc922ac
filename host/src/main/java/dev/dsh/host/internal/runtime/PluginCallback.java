package dev.dsh.host.internal.runtime;

/**
 * Which plugin code a guarded call runs: the recovery after a missed deadline treats a stuck
 * release differently from a stuck {@code apply} or update handler.
 */
enum PluginCallback {
  APPLY("apply"),
  UPDATE_HANDLER("update handler"),
  RELEASE_ACTION("release action");

  private final String label;

  PluginCallback(String label) {
    this.label = label;
  }

  /** As messages and thread names show it: {@code apply did not return within 10 s}. */
  String label() {
    return label;
  }
}
