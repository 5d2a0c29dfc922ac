package dev.dsh.host;

import dev.dsh.api.Plugin;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.credentials.CredentialsPlugin;
import dev.dsh.host.internal.env.EnvPlugin;
import dev.dsh.host.internal.web.SearchActivity;
import dev.dsh.host.internal.web.WebPlugin;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** The host's own plugins, by the name a profile row gives them. */
final class BuiltinPlugins {

  private final Map<String, Plugin> byName = new LinkedHashMap<>();
  private final SearchActivity activity;

  /** @param warnings where the built-ins' one-line warnings go (the host's event sink) */
  BuiltinPlugins(Path home, LaunchEnvironment env, Consumer<String> warnings) {
    this(home, env, warnings, SearchActivity.NONE, Optional::empty);
  }

  /**
   * The built-ins of a host started with {@code options}, its searches reported as they ask and,
   * while no provider is registered, refused with {@code refusal}'s message when it gives one.
   */
  BuiltinPlugins(HostOptions options, Supplier<Optional<String>> refusal) {
    this(options.home().root(), options.env(), options.events(),
        new SearchActivity(options.activity()), refusal);
  }

  private BuiltinPlugins(Path home, LaunchEnvironment env, Consumer<String> warnings,
      SearchActivity activity, Supplier<Optional<String>> refusal) {
    this.activity = activity;
    for (Plugin plugin : new Plugin[] {new EnvPlugin(env), new CredentialsPlugin(home, warnings),
        new WebPlugin(activity, refusal), new WebToolPlugin()}) {
      byName.put(plugin.name(), plugin);
    }
  }

  /** Where the host reports its searches and reloads. */
  SearchActivity activity() {
    return activity;
  }

  /** Every built-in, in the order they are added. */
  Collection<Plugin> all() {
    return byName.values();
  }

  Optional<Plugin> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The config type of the built-in named {@code name}, if it has one. */
  Optional<Class<?>> configType(String name) {
    return find(name).flatMap(Plugin::configType);
  }
}
