package dev.dsh.api.credentials;

import java.util.Objects;

/** A resolved secret, not empty, and where it came from; {@link #toString()} hides the value. */
public record Credential(String value, CredentialSource source) {

  public Credential {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
    if (value.isEmpty()) {
      throw new IllegalArgumentException("a credential value must not be empty");
    }
  }

  @Override
  public String toString() {
    return "Credential[value=<redacted>, source=" + source.id() + "]";
  }
}
