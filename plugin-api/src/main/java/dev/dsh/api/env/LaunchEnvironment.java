package dev.dsh.api.env;

import dev.dsh.api.ServiceKey;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** The environment the host was launched with, as a service, so tests can inject variables. */
@FunctionalInterface
public interface LaunchEnvironment {

  /** The service key, {@code "env"}. */
  ServiceKey<LaunchEnvironment> KEY = ServiceKey.of("env", LaunchEnvironment.class);

  /** The value of variable {@code name}; empty when unset. An empty value is returned as is. */
  Optional<String> get(String name);

  /** The process environment. */
  static LaunchEnvironment system() {
    return name -> Optional.ofNullable(System.getenv(Objects.requireNonNull(name, "name")));
  }

  /** A fixed environment holding {@code variables} (copied). */
  static LaunchEnvironment of(Map<String, String> variables) {
    Map<String, String> copy = Map.copyOf(variables);
    return name -> Optional.ofNullable(copy.get(Objects.requireNonNull(name, "name")));
  }
}
