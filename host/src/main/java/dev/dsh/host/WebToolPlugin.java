package dev.dsh.host;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Range;
import dev.dsh.api.web.WebService;
import dev.dsh.host.tool.WebSearchTool;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/** The built-in {@code tool-web} plugin; a new timeout is taken in place, for the next call. */
final class WebToolPlugin implements Plugin {

  /** The {@code tool-web} row's config. */
  record WebToolConfig(
      @Default("30000")
          @Range(min = 1, max = 3_600_000)
          @Description(
              "How long one web_search call may take, in milliseconds (1 to 3600000, one hour: the"
                  + " range of dsh search --timeout); when it elapses the searches are aborted.")
          int searchTimeoutMs) {}

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
