package dev.dsh.api;

import java.util.Objects;

/**
 * One way a config breaks its schema.
 *
 * @param pointer the RFC 6901 pointer of the offending value ({@code /count}); an unknown key is
 *     reported at its own pointer ({@code /foo}); the whole document is {@code ""}
 * @param message what is wrong, for a person; never contains the offending value of a secret field
 */
public record ConfigViolation(String pointer, String message) {

  public ConfigViolation {
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(message, "message");
  }

  @Override
  public String toString() {
    return (pointer.isEmpty() ? "/" : pointer) + ": " + message;
  }
}
