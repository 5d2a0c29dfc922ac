package dev.dsh.api;

import java.util.Objects;

/**
 * Names a service that one scope provides and others look up, such as {@code "web"}. Keys are
 * equal when their names are; the type only makes lookups typed.
 */
public record ServiceKey<T>(String name, Class<T> type) {

  public ServiceKey {
    Objects.requireNonNull(type, "type");
    if (Objects.requireNonNull(name, "name").isBlank()) {
      throw new IllegalArgumentException("service name must not be blank");
    }
  }

  /** The key named {@code name} for services of {@code type}. */
  public static <T> ServiceKey<T> of(String name, Class<T> type) {
    return new ServiceKey<>(name, type);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ServiceKey<?> key && key.name.equals(name);
  }

  @Override
  public int hashCode() {
    return name.hashCode();
  }

  @Override
  public String toString() {
    return "ServiceKey[" + name + "]";
  }
}
