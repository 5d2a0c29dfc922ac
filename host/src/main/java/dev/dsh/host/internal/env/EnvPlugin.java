package dev.dsh.host.internal.env;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.env.LaunchEnvironment;
import java.util.Objects;
import java.util.Optional;

/**
 * The built-in {@code env} plugin: provides {@link LaunchEnvironment#KEY}, the process environment
 * or, in tests, a fixed map, so nothing downstream reads the process environment directly.
 */
public final class EnvPlugin implements Plugin {

  /** The plugin's name and the built-in row's id. */
  public static final String NAME = "env";

  private final LaunchEnvironment environment;

  /** Provides the process environment. */
  public EnvPlugin() {
    this(LaunchEnvironment.system());
  }

  /** Provides {@code environment}. */
  public EnvPlugin(LaunchEnvironment environment) {
    this.environment = Objects.requireNonNull(environment, "environment");
  }

  @Override
  public String name() {
    return NAME;
  }

  /** A record without fields: any key written under {@code env} is refused by name. */
  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(EnvConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    ctx.provide(LaunchEnvironment.KEY, environment);
  }
}
