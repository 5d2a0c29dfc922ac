package dev.dsh.api.credentials;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What is known of a credential, never its value: whether a value would be resolved now, from
 * which source (absent when not), and whether {@link CredentialService#set} can store one.
 */
public record CredentialDescription(
    CredentialRef ref, boolean configured, @Nullable CredentialSource source, boolean writable) {

  public CredentialDescription {
    Objects.requireNonNull(ref, "ref");
    if (configured != (source != null)) {
      throw new IllegalArgumentException("a source is given exactly when configured");
    }
  }

  /** {@link #source()}, optional. */
  public Optional<CredentialSource> sourceOpt() {
    return Optional.ofNullable(source);
  }
}
