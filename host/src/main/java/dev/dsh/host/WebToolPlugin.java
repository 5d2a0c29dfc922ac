package dev.dsh.host;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.web.WebService;
import dev.dsh.host.tool.WebSearchTool;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The built-in {@code tool-web} plugin: requires {@code web} and provides the {@link WebSearchTool}
 * under {@link WebSearchTool#KEY}. A new timeout is taken in place and applies from the next call.
 */
final class WebToolPlugin implements Plugin {

  @Override
  public String name() {
    return "tool-web";
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
    ctx.accept(next -> {
      timeout.set(timeout(next));
      return true;
    });
  }

  private static Duration timeout(Config config) {
    return Duration.ofMillis(config.bind(WebToolConfig.class).searchTimeoutMs());
  }
}
