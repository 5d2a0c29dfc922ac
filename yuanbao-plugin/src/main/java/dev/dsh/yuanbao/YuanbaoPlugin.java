package dev.dsh.yuanbao;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.web.WebService;
import java.util.Optional;
import java.util.Set;
import org.pf4j.Extension;
import org.pf4j.ExtensionPoint;

/**
 * The PF4J entry of {@code dsh-web-search-yuanbao}: registers the {@code yuanbao} provider into
 * {@code ctx.web}; a config update replaces its settings in place, an unload closes it.
 */
@Extension
public final class YuanbaoPlugin implements Plugin, ExtensionPoint {

  /** The plugin's name, also its PF4J plugin id. */
  public static final String NAME = "dsh-web-search-yuanbao";

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
    return Optional.of(YuanbaoConfig.class);
  }

  @Override
  public void apply(Context ctx, Config config) {
    YuanbaoSearchProvider provider = new YuanbaoSearchProvider(
        config.bind(YuanbaoConfig.class), ctx::credentials, name -> ctx.env().get(name));
    // Registered first so a failing registration still releases the client.
    ctx.effect(provider::close);
    ctx.web().registerSearchProvider(provider);
    ctx.accept(next -> {
      provider.reconfigure(next.bind(YuanbaoConfig.class));
      return true;
    });
  }
}
