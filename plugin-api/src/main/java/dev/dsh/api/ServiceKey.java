package dev.dsh.api;

import java.util.Objects;

/**
 * Names a service that one scope provides and others look up.
 *
 * <p>Two keys are equal when their names are equal; the type is carried only to make lookups typed.
 *
 * @param name the service name, such as {@code "web"}; non-blank
 * @param type the service interface
 * @param <T> the service type
 */
public record ServiceKey<T>(String name, Class<T> type) {

  public ServiceKey {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    if (name.isBlank()) {
      throw new IllegalArgumentException("service name must not be blank");
    }
  }

  /** Creates a key named {@code name} for services of {@code type}. */
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
