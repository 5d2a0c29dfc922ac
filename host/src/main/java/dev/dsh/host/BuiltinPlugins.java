package dev.dsh.host;

import dev.dsh.api.Plugin;
import dev.dsh.host.internal.credentials.CredentialsPlugin;
import dev.dsh.host.internal.env.EnvPlugin;
import dev.dsh.host.internal.web.WebPlugin;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/** The host's own plugins, by the name a profile row gives them. */
final class BuiltinPlugins {

  private final Map<String, Plugin> byName = new LinkedHashMap<>();

  /** {@code refusal}: what a search fails with while no provider is registered, if anything. */
  BuiltinPlugins(HostOptions options, Supplier<Optional<String>> refusal) {
    for (Plugin plugin : new Plugin[] {new EnvPlugin(options.env()),
        new CredentialsPlugin(options.home().root(), options.events()),
        new WebPlugin(options.activity(), refusal), new WebToolPlugin()}) {
      byName.put(plugin.name(), plugin);
    }
  }

  Optional<Plugin> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }
}
