package dev.dsh.host.internal.credentials;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

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
}
