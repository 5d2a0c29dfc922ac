package dev.dsh.host.internal.credentials;

import dev.dsh.api.Disposable;
import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.CredentialStoreCorruptException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's {@link CredentialService}: a reference resolves from the {@linkplain
 * FileCredentialStore local store} first, then from the launch environment variable of the same
 * name, so a key exported for a plugin's own library works under the host too.
 *
 * <p>Every call reads the store as it is on disk now, so a value set by another process is used by
 * the next call. Values are trimmed; an empty one counts as absent. A corrupt store fails {@link
 * #resolve} (exceptionally), {@link #describe}, {@link #list} and {@link #set} with {@link
 * CredentialStoreCorruptException} rather than falling back silently. No method, message or {@code
 * toString()} shows a value except the {@link Credential} that {@link #resolve} returns.
 */
public final class HostCredentialService implements CredentialService {

  private static final Logger LOG = LoggerFactory.getLogger(HostCredentialService.class);

  private final FileCredentialStore store;
  private final LaunchEnvironment env;
  private final List<Consumer<CredentialRef>> listeners = new CopyOnWriteArrayList<>();

  /**
   * @param store the local store, tried first
   * @param env the launch environment, tried second (read on every call)
   */
  public HostCredentialService(FileCredentialStore store, LaunchEnvironment env) {
    this.store = Objects.requireNonNull(store, "store");
    this.env = Objects.requireNonNull(env, "env");
  }

  /** The local store. */
  public FileCredentialStore store() {
    return store;
  }

  @Override
  public CompletionStage<Optional<Credential>> resolve(CredentialRef ref) {
    Objects.requireNonNull(ref, "ref");
    try {
      return CompletableFuture.completedFuture(lookup(ref));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  @Override
  public CredentialDescription describe(CredentialRef ref) {
    Objects.requireNonNull(ref, "ref");
    Optional<CredentialSource> source = lookup(ref).map(Credential::source);
    return new CredentialDescription(ref, source.isPresent(), source.orElse(null), true);
  }

  /**
   * Whether {@code ref} resolves now, without copying its value: the store answers from its parsed
   * content held in memory, updated by every write and re-checked against the file's size,
   * modification time and file key on each call (so a value another process stored counts at once),
   * then the launch environment.
   *
   * @throws CredentialStoreCorruptException when the store cannot be understood
   */
  @Override
  public boolean isConfigured(CredentialRef ref) {
    Objects.requireNonNull(ref, "ref");
    return store.read(ref).isPresent()
        || env.get(ref.name()).filter(value -> !value.isBlank()).isPresent();
  }

  /** The references stored in the local store, sorted; environment variables are not listed. */
  @Override
  public List<CredentialDescription> list() {
    return store.refs().stream().map(this::describe).toList();
  }

  @Override
  public void set(CredentialRef ref, String value) {
    store.write(ref, value);
    LOG.debug("credential {} stored in {}", ref, store.file());
    changed(ref);
  }

  @Override
  public boolean unset(CredentialRef ref) {
    boolean removed = store.remove(ref);
    LOG.debug("credential {} unset in {} (was stored: {})", ref, store.file(), removed);
    changed(ref);
    return removed;
  }

  @Override
  public Disposable onChange(Consumer<CredentialRef> listener) {
    Objects.requireNonNull(listener, "listener");
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  @Override
  public String toString() {
    return "HostCredentialService[store=" + store.file() + ", then the launch environment]";
  }

  private Optional<Credential> lookup(CredentialRef ref) {
    Optional<String> stored = store.read(ref);
    if (stored.isPresent()) {
      return Optional.of(new Credential(stored.get(), CredentialSource.STORE));
    }
    return env.get(ref.name())
        .map(String::trim)
        .filter(value -> !value.isEmpty())
        .map(value -> new Credential(value, CredentialSource.ENV));
  }

  private void changed(CredentialRef ref) {
    for (Consumer<CredentialRef> listener : listeners) {
      try {
        listener.accept(ref);
      } catch (RuntimeException e) {
        LOG.warn("a credential change listener failed for {}", ref, e);
      }
    }
  }
}
