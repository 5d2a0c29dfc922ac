package dev.dsh.host.internal.web;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebService;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The built-in {@code web} plugin: provides {@link WebService#KEY} backed by a {@link
 * WebServiceImpl}.
 *
 * <p>A config update is taken in place: the new {@code searchProvider} pin is used from the next
 * search on, and registered providers stay. The launch environment is looked up at each search
 * through the context (the mounted {@code env} service, else the process environment). When the
 * scope ends, the service is withdrawn and then closed, which aborts any search still running.
 */
public final class WebPlugin implements Plugin {

  /** The plugin's name and the built-in row's id. */
  public static final String NAME = "web";

  private final SearchActivity activity;

  /** The plugin of a host nobody measures. */
  public WebPlugin() {
    this(SearchActivity.NONE);
  }

  /** The plugin whose service reports each search to {@code activity}. */
  public WebPlugin(SearchActivity activity) {
    this.activity = activity;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(WebConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    AtomicReference<WebConfig> live = new AtomicReference<>(config.bind(WebConfig.class));
    LaunchEnvironment env = name -> ctx.env().get(name);
    WebServiceImpl service = new WebServiceImpl(
        () -> Optional.ofNullable(live.get().searchProvider()), env, activity);
    // Registered before the service so that, released in reverse, the service is withdrawn from
    // the tree first and closed after.
    ctx.effect(service::close);
    ctx.provide(WebService.KEY, service);
    ctx.accept(
        next -> {
          live.set(next.bind(WebConfig.class));
          return true;
        });
  }
}
