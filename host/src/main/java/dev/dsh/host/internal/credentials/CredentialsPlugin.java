package dev.dsh.host.internal.credentials;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The built-in {@code credentials} plugin: the row's store file, then the launch environment. */
public final class CredentialsPlugin implements Plugin {

  /** The {@code credentials} row's config; a missing or blank {@code store} means the default. */
  public record CredentialsConfig(
      @Default(DshHome.CREDENTIAL_STORE)
          @Description(
              "The credential store file. A relative path is resolved against the dsh home folder.")
          @Nullable String store) {

    public CredentialsConfig {
      if (store == null || store.isBlank()) {
        store = DshHome.CREDENTIAL_STORE;
      }
    }
  }

  private final Path home;
  private final Consumer<String> warnings;

  public CredentialsPlugin(Path home, Consumer<String> warnings) {
    this.home = home;
    this.warnings = warnings;
  }

  @Override
  public String name() {
    return "credentials";
  }

  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(CredentialsConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    LaunchEnvironment env = name -> ctx.env().get(name);
    ctx.provide(CredentialService.KEY, service(config.bind(CredentialsConfig.class), env));
  }

  /** The service a row with {@code settings} mounts, as the {@code credentials} commands use it. */
  public CredentialService service(CredentialsConfig settings, LaunchEnvironment env) {
    return new HostCredentialService(
        new FileCredentialStore(home.resolve(settings.store()), warnings), env);
  }

  /** The store, then the same-named environment variable; a corrupt store fails, no fallback. */
  public static final class HostCredentialService implements CredentialService {

    private static final Logger LOG = LoggerFactory.getLogger(HostCredentialService.class);

    private final FileCredentialStore store;
    private final LaunchEnvironment env;
    private final List<Consumer<CredentialRef>> listeners = new CopyOnWriteArrayList<>();

    public HostCredentialService(FileCredentialStore store, LaunchEnvironment env) {
      this.store = store;
      this.env = env;
    }

    @Override
    public CompletionStage<Optional<Credential>> resolve(CredentialRef ref) {
      return CompletableFuture.supplyAsync(() -> lookup(ref), Runnable::run); // here, failures too
    }

    @Override
    public CredentialDescription describe(CredentialRef ref) {
      Optional<CredentialSource> source = lookup(ref).map(Credential::source);
      return new CredentialDescription(ref, source.isPresent(), source.orElse(null), true);
    }

    @Override
    public boolean isConfigured(CredentialRef ref) {
      return lookup(ref).isPresent();
    }

    /** The references the store holds, sorted; the environment's are not listed. */
    @Override
    public List<CredentialDescription> list() {
      return store.refs().stream().map(this::describe).toList();
    }

    @Override
    public void set(CredentialRef ref, String value) {
      store.write(ref, value);
      changed(ref);
    }

    @Override
    public boolean unset(CredentialRef ref) {
      boolean removed = store.remove(ref);
      changed(ref);
      return removed;
    }

    @Override
    public Disposable onChange(Consumer<CredentialRef> listener) {
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
      return env.get(ref.name()).map(String::trim).filter(value -> !value.isEmpty())
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
}
