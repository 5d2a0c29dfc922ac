package dev.dsh.host.tool;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.web.WebService;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The built-in {@code tool-web} plugin: requires {@code web} and provides the {@link WebSearchTool}
 * under {@link WebSearchTool#KEY}. A config update is taken in place: the new timeout applies from
 * the next call.
 */
public final class WebToolPlugin implements Plugin {

  /** The plugin's name and the built-in row's id. */
  public static final String NAME = "tool-web";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<ServiceKey<?>> inject() {
    return Set.of(WebService.KEY);
  }

  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(WebToolConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    AtomicReference<Duration> timeout = new AtomicReference<>(timeout(config));
    ctx.provide(WebSearchTool.KEY, new WebSearchTool(ctx.web(), timeout::get));
    ctx.accept(
        next -> {
          timeout.set(timeout(next));
          return true;
        });
  }

  private static Duration timeout(Config config) {
    WebToolConfig settings = config.bind(WebToolConfig.class);
    if (settings.searchTimeoutMs() < 1) {
      throw new ConfigException(
          NAME,
          List.of(
              new ConfigViolation(
                  "/searchTimeoutMs",
                  "must be at least 1, was " + settings.searchTimeoutMs())));
    }
    return settings.searchTimeout();
  }
}
