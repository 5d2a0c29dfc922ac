package dev.dsh.api;

import java.util.Objects;

/**
 * One way a config breaks its schema: the RFC 6901 pointer of the value ({@code ""} for the whole
 * document, an unknown key's own), and what is wrong, never quoting a secret field's value.
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
