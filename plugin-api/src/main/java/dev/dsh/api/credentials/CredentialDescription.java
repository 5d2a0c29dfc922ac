package dev.dsh.api.credentials;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What is known of a credential, never its value.
 *
 * @param ref the reference
 * @param configured whether a value would be resolved now
 * @param source where that value would come from; absent when not configured
 * @param writable whether {@link CredentialService#set} can store a value for it
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
