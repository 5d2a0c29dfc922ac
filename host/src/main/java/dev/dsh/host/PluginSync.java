package dev.dsh.host;

import dev.dsh.api.Plugin;
import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.internal.plugins.PluginJar;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.json.StatusJson.Leftover;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the loaded plugins in step with {@code plugins/}, on the admin thread only, and names the
 * threads an unloaded plugin left running: trusted code the host cannot stop, only name.
 */
final class PluginSync {

  private static final Logger LOG = LoggerFactory.getLogger(PluginSync.class);
  /** How long an unloaded plugin's threads get to end before they are reported, in ms. */
  private static final long GRACE_MILLIS = 1000;

  // Weak, so that a leftover thread that ends lets its plugin's class loader go.
  private record Left(String pluginId, WeakReference<Thread> thread) {}

  private final PluginLoader loader;
  private final Path folder;
  private final Consumer<String> events;
  private final List<Left> left = new ArrayList<>();
  private final Map<Path, FileStamp> loadedJars = new HashMap<>();
  private final Map<Path, FileStamp> rejectedJars = new HashMap<>();
  /** Whether loads and unloads are announced (by {@code dsh run}, not one-shot commands). */
  private boolean announce;
  // Published after each load and unload, so a status never waits on a loader busy starting a
  // plugin's code.
  private volatile List<LoadedPlugin> loadedView = List.of();

  PluginSync(PluginLoader loader, Path folder, Consumer<String> events) {
    this.loader = loader;
    this.folder = folder;
    this.events = events;
  }

  void announce() {
    announce = true;
  }

  List<LoadedPlugin> plugins() {
    return loadedView;
  }

  /** Loads and unloads as the folder says, rows disposed first; the jars that did not load. */
  List<String> sync(Consumer<Plugin> disposeRowsOf) {
    Map<Path, FileStamp> onDisk = new LinkedHashMap<>();
    for (Path jar : PluginJar.jarsIn(folder)) {
      FileStamp.of(jar).ifPresent(stamp -> onDisk.put(jar, stamp));
    }
    for (LoadedPlugin plugin : loader.plugins()) {
      FileStamp now = onDisk.get(plugin.jar().file());
      if (now == null || !now.equals(loadedJars.get(plugin.jar().file())) && !sameBytes(plugin)) {
        unload(plugin, disposeRowsOf);
      } else {
        // A touched jar, or one rewritten with the same bytes while it loaded.
        loadedJars.put(plugin.jar().file(), now);
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
    // Never PF4J's stopPlugins(): it stops plugins in the wrong order. Newest first is the
    // reverse of the loading order.
    List<LoadedPlugin> plugins = loader.plugins();
    for (int i = plugins.size() - 1; i >= 0; i--) {
      LoadedPlugin plugin = plugins.get(i);
      try {
        loader.unload(plugin.jar().id());
      } catch (RuntimeException e) {
        LOG.warn("unloading plugin {} failed", plugin.jar().id(), e);
      }
      report("unloaded", plugin);
    }
    loadedJars.clear();
    loadedView = List.of();
  }

  private void report(String what, LoadedPlugin plugin) {
    if (announce) {
      events.accept(what + " plugin " + plugin.jar().id() + "@" + plugin.jar().version());
    }
  }

  List<Leftover> leftovers() {
    List<Leftover> out = new ArrayList<>();
    synchronized (left) {
      for (Left l : left) {
        Thread thread = l.thread().get();
        if (thread != null && thread.isAlive()) {
          out.add(new Leftover(l.pluginId(), thread.getName()));
        }
      }
    }
    return out;
  }

  private static boolean sameBytes(LoadedPlugin plugin) {
    try {
      return Files.mismatch(plugin.jar().file(), plugin.cachedCopy()) == -1;
    } catch (IOException e) {
      return false;
    }
  }

  private void load(Path jar, FileStamp stamp, List<String> problems) {
    try {
      LoadedPlugin plugin = loader.load(jar);
      loadedView = loader.plugins();
      // The stamp from before the load: a jar replaced while it loaded shows a new stamp; its
      // bytes are compared, or a refused one tried again, at the next sync.
      loadedJars.put(jar, stamp);
      rejectedJars.remove(jar);
      report("loaded", plugin);
    } catch (PluginLoadException e) {
      rejectedJars.put(jar, stamp);
      problems.add("plugin not loaded: " + e.getMessage());
    }
  }

  private void unload(LoadedPlugin plugin, Consumer<Plugin> disposeRowsOf) {
    Plugin entry = plugin.entry();
    ClassLoader classes = entry.getClass().getClassLoader();
    disposeRowsOf.accept(entry);
    loadedJars.remove(plugin.jar().file());
    String pluginId = plugin.jar().id();
    List<Thread> found = leftBehind(classes); // named before the loader lets go of them
    if (!found.isEmpty()) {
      synchronized (left) {
        left.removeIf(l -> l.thread().get() == null);
        found.forEach(thread -> left.add(new Left(pluginId, new WeakReference<>(thread))));
      }
      events.accept("plugin " + pluginId + " left " + found.size()
          + (found.size() == 1 ? " thread" : " threads") + " running: "
          + found.stream().map(Thread::getName).collect(Collectors.joining(", ")));
    }
    loader.unload(pluginId);
    loadedView = loader.plugins();
    report("unloaded", plugin);
  }

  /** The plugin's live threads, once each has had its share of the grace to end. */
  private static List<Thread> leftBehind(ClassLoader loader) {
    long end = System.nanoTime() + GRACE_MILLIS * 1_000_000;
    List<Thread> alive = new ArrayList<>();
    for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
      Thread thread = entry.getKey();
      if (thread == Thread.currentThread() || !belongs(thread, entry.getValue(), loader)) {
        continue;
      }
      try {
        thread.join(Math.max(1, (end - System.nanoTime()) / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (thread.isAlive()) {
        alive.add(thread);
      }
    }
    return alive;
  }

  private static boolean belongs(Thread thread, StackTraceElement[] stack, ClassLoader loader) {
    if (thread.getContextClassLoader() == loader || thread.getClass().getClassLoader() == loader) {
      return true;
    }
    for (StackTraceElement frame : stack) {
      // JDK and host frames come from named modules or the application loader: skip them fast
      if (frame.getModuleName() == null && !"app".equals(frame.getClassLoaderName())
          && definedBy(frame.getClassName(), loader)) {
        return true;
      }
    }
    return false;
  }

  private static boolean definedBy(String className, ClassLoader loader) {
    try {
      return Class.forName(className, false, loader).getClassLoader() == loader;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
