package dev.dsh.api.credentials;

import dev.dsh.api.Disposable;
import dev.dsh.api.ServiceKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Resolves and stores credentials ({@code ctx.credentials}).
 *
 * <p>No method returns or prints a value except {@link #resolve}, whose {@link Credential} masks it
 * in {@code toString()}.
 */
public interface CredentialService {

  /** The service key, {@code "credentials"}. */
  ServiceKey<CredentialService> KEY = ServiceKey.of("credentials", CredentialService.class);

  /**
   * Resolves {@code ref} now (never from a cache that could be stale). Empty values count as
   * absent.
   *
   * @return a stage with the credential, or empty when none is configured; it completes
   *     exceptionally when the lookup itself fails
   */
  CompletionStage<Optional<Credential>> resolve(CredentialRef ref);

  /** Describes {@code ref}: configured or not, the source, whether it is writable. */
  CredentialDescription describe(CredentialRef ref);

  /** Descriptions of every credential the service knows by name, sorted by name. */
  List<CredentialDescription> list();

  /**
   * Stores {@code value} for {@code ref}. The value is trimmed first.
   *
   * @throws IllegalArgumentException when the trimmed value breaks {@link CredentialValues}' rule
   *     (empty, or anything but visible ASCII), so nothing is stored that a provider could not
   *     send; the message gives the reason and never echoes the value
   * @throws UnsupportedOperationException when the service has no writable store
   */
  void set(CredentialRef ref, String value);

  /**
   * Removes the stored value of {@code ref}.
   *
   * @return whether a value was stored
   */
  boolean unset(CredentialRef ref);

  /**
   * Calls {@code listener} with the reference after every {@link #set} and {@link #unset}.
   *
   * @return a handle that removes the listener
   */
  Disposable onChange(Consumer<CredentialRef> listener);
}
