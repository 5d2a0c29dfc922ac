package dev.dsh.host;

import dev.dsh.api.Plugin;
import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Keeps the loaded plugins in step with the jars in {@code plugins/}: loads new ones, unloads
 * removed ones, reloads replaced ones (a new stamp with the same bytes is no replacement), and
 * remembers a rejected jar until it changes. Called on the host's admin thread only.
 */
final class PluginSync {

  private final PluginLoader loader;
  private final Path folder;
  private final Consumer<String> events;
  private final LeftoverThreads leftovers;
  private final Map<Path, FileStamp> loadedJars = new HashMap<>();
  private final Map<Path, FileStamp> rejectedJars = new HashMap<>();
  /** Whether loads and unloads are announced (by {@code dsh run}, not one-shot commands). */
  private boolean announce;
  // Published after each load and unload, so a status never waits on a loader busy starting a
  // plugin's code.
  private volatile List<LoadedPlugin> loadedView = List.of();

  PluginSync(PluginLoader loader, Path folder, Consumer<String> events, LeftoverThreads leftovers) {
    this.loader = loader;
    this.folder = folder;
    this.events = events;
    this.leftovers = leftovers;
  }

  void announce() {
    announce = true;
  }

  List<LoadedPlugin> plugins() {
    return loadedView;
  }

  /**
   * Loads new and changed jars, unloads removed and changed ones; {@code disposeRowsOf} is called
   * with a plugin's entry before it is unloaded.
   *
   * @return the jars that did not load, one line each
   */
  List<String> sync(Consumer<Plugin> disposeRowsOf) {
    Map<Path, FileStamp> onDisk = new LinkedHashMap<>();
    for (Path jar : PluginJars.jarsIn(folder)) {
      FileStamp.of(jar).ifPresent(stamp -> onDisk.put(jar, stamp));
    }
    for (LoadedPlugin plugin : loader.plugins()) {
      FileStamp now = onDisk.get(plugin.source());
      if (now == null || !now.equals(loadedJars.get(plugin.source())) && !sameBytes(plugin)) {
        unload(plugin, disposeRowsOf);
      } else {
        // A touched jar, or one rewritten with the same bytes while it loaded.
        loadedJars.put(plugin.source(), now);
      }
    }
    rejectedJars.keySet().retainAll(onDisk.keySet());
    List<String> problems = new ArrayList<>();
    onDisk.forEach((jar, stamp) -> {
      if (!loadedJars.containsKey(jar) && !stamp.equals(rejectedJars.get(jar))) {
        load(jar, stamp, problems);
      }
    });
    return problems;
  }

  /** Unloads every plugin, newest first, one at a time, each reported like an unload at runtime. */
  void closeAll() {
    List<LoadedPlugin> plugins = loader.plugins();
    loader.close();
    if (announce) {
      for (int i = plugins.size() - 1; i >= 0; i--) {
        events.accept("unloaded plugin " + plugins.get(i).id() + "@" + plugins.get(i).version());
      }
    }
    loadedJars.clear();
    loadedView = List.of();
  }

  private static boolean sameBytes(LoadedPlugin plugin) {
    try {
      return Files.mismatch(plugin.source(), plugin.cachedCopy()) == -1;
    } catch (IOException e) {
      return false;
    }
  }

  private void load(Path jar, FileStamp stamp, List<String> problems) {
    try {
      LoadedPlugin plugin = loader.load(jar);
      loadedView = loader.plugins();
      // The stamp from before the load: a jar replaced while it loaded shows a new stamp, and its
      // bytes are compared at the next sync.
      loadedJars.put(jar, stamp);
      rejectedJars.remove(jar);
      if (announce) {
        events.accept("loaded plugin " + plugin.id() + "@" + plugin.version());
      }
    } catch (PluginLoadException e) {
      rejectedJars.put(jar, FileStamp.of(jar).orElse(stamp));
      problems.add("plugin not loaded: " + e.getMessage());
    }
  }

  private void unload(LoadedPlugin plugin, Consumer<Plugin> disposeRowsOf) {
    Plugin entry = plugin.entry();
    ClassLoader classes = entry.getClass().getClassLoader();
    disposeRowsOf.accept(entry);
    loadedJars.remove(plugin.source());
    leftovers.check(plugin.id(), classes);
    loader.unload(plugin.id());
    loadedView = loader.plugins();
    if (announce) {
      events.accept("unloaded plugin " + plugin.id() + "@" + plugin.version());
    }
  }
}
