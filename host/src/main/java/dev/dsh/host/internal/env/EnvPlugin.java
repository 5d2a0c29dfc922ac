package dev.dsh.host.internal.env;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.env.LaunchEnvironment;
import java.util.Objects;
import java.util.Optional;

/** The built-in {@code env} plugin: nothing downstream reads the process environment directly. */
public final class EnvPlugin implements Plugin {

  /** The {@code env} row's config: no fields, so a key written under {@code env} is refused. */
  public record EnvConfig() {}

  private final LaunchEnvironment environment;

  public EnvPlugin(LaunchEnvironment environment) {
    this.environment = Objects.requireNonNull(environment, "environment");
  }

  @Override
  public String name() {
    return "env";
  }

  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(EnvConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    ctx.provide(LaunchEnvironment.KEY, environment);
  }
}
