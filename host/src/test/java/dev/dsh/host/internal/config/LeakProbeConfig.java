package dev.dsh.host.internal.config;

import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.Default;

/** Loaded in a throwaway class loader by {@link ConfigClassLoaderLeakTest}; used nowhere else. */
public record LeakProbeConfig(
    @Default("10") @AllowedValues({"10", "20"}) Integer count, Nested nested) {

  /** A second class of the same loader, seen by both the schema generator and Jackson. */
  public record Nested(@Default("x") String name) {}
}
