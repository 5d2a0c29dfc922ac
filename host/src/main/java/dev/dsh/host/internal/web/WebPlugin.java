package dev.dsh.host.internal.web;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.config.Description;
import dev.dsh.api.web.WebService;
import dev.dsh.host.model.ActivityListener;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** The built-in {@code web} plugin: a {@link WebServiceImpl}; a new pin is taken in place. */
public final class WebPlugin implements Plugin {

  /** The {@code web} row's config. */
  public record WebConfig(
      @Description(
              "Id of the web search provider to use (the id its plugin registers). Read on every"
                  + " search. When unset, DSH_WEB_SEARCH_PROVIDER from the launch environment pins"
                  + " one; otherwise the one available provider is used.")
          @Nullable String searchProvider) {}

  private final ActivityListener activity;
  private final Supplier<Optional<String>> refusal;

  public WebPlugin(ActivityListener activity, Supplier<Optional<String>> refusal) {
    this.activity = activity;
    this.refusal = refusal;
  }

  @Override
  public String name() {
    return "web";
  }

  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(WebConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    AtomicReference<WebConfig> live = new AtomicReference<>(config.bind(WebConfig.class));
    WebServiceImpl service = new WebServiceImpl(() -> Optional.ofNullable(
        live.get().searchProvider()), name -> ctx.env().get(name), activity, refusal);
    // Registered before the service so that, released in reverse, the service is withdrawn from
    // the tree first and closed after.
    ctx.effect(service::close);
    ctx.provide(WebService.KEY, service);
    ctx.accept(next -> {
      live.set(next.bind(WebConfig.class));
      return true;
    });
  }
}
