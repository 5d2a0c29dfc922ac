package dev.dsh.api.credentials;

import dev.dsh.api.Disposable;
import dev.dsh.api.ServiceKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Resolves and stores credentials ({@code ctx.credentials}). No method returns or prints a value
 * but {@link #resolve}, whose {@link Credential} masks it in {@code toString()}.
 */
public interface CredentialService {

  /** The service key, {@code "credentials"}. */
  ServiceKey<CredentialService> KEY = ServiceKey.of("credentials", CredentialService.class);

  /** Resolves {@code ref} now, uncached: empty when none (or an empty one) is configured. */
  CompletionStage<Optional<Credential>> resolve(CredentialRef ref);

  /** Whether {@link #resolve} would find a value now, from local state; a throw: cannot tell. */
  default boolean isConfigured(CredentialRef ref) {
    return describe(ref).configured();
  }

  /** Describes {@code ref}: configured or not, the source, whether it is writable. */
  CredentialDescription describe(CredentialRef ref);

  /** Descriptions of every credential the service knows by name, sorted by name. */
  List<CredentialDescription> list();

  /**
   * Stores {@code value}, trimmed; IllegalArgumentException gives the {@link CredentialValues}
   * rule it breaks, never the value; UnsupportedOperationException when nothing is writable.
   */
  void set(CredentialRef ref, String value);

  /** Removes the stored value of {@code ref}; returns whether there was one. */
  boolean unset(CredentialRef ref);

  /** Calls {@code listener} after every {@link #set} and {@link #unset}, until disposed. */
  Disposable onChange(Consumer<CredentialRef> listener);
}
