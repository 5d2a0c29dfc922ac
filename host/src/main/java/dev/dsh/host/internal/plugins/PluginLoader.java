package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.profile.BundlePatch;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import org.pf4j.DefaultPluginFactory;
import org.pf4j.ExtensionFinder;
import org.pf4j.JarPluginManager;
import org.pf4j.LegacyExtensionFinder;
import org.pf4j.PluginFactory;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and unloads plugin jars one at a time, each from a private copy, so a jar replaced on disk
 * never changes under a live class loader; failing loads nothing. A copy's name carries its
 * process: a later start deletes those of processes that were killed.
 */
public final class PluginLoader {

  private static final Logger LOG = LoggerFactory.getLogger(PluginLoader.class);
  private static final String PREFIX = "copy-";

  private final Path folder;
  private final HostPluginManager pf4j;
  private final Map<String, LoadedPlugin> loaded = new LinkedHashMap<>();

  /** A loader copying jars to {@code <home>/.cache/plugins}. */
  public PluginLoader(Path home) {
    this.folder = home.resolve(".cache").resolve("plugins");
    this.pf4j = new HostPluginManager(folder);
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder, PREFIX + "*.jar")) {
      for (Path file : files) {
        String pid = file.getFileName().toString().split("-")[1];
        if (pid.matches("[0-9]{1,18}") && ProcessHandle.of(Long.parseLong(pid)).isEmpty()) {
          delete(file);
        }
      }
    } catch (IOException e) {
      // No folder yet, or one that cannot be listed: the first copy reports what it cannot write.
    }
  }

  /** Loads and starts {@code jar} from a private copy. */
  public synchronized LoadedPlugin load(Path jar) {
    Path copy = copy(Objects.requireNonNull(jar, "jar"));
    try {
      PluginJar read = PluginJar.read(copy, jar);
      LoadedPlugin existing = loaded.get(read.id());
      if (existing != null) {
        throw new PluginLoadException(jar,
            "plugin \"" + read.id() + "\" is already loaded from " + existing.jar().file());
      }
      LoadedPlugin plugin = start(read, copy);
      loaded.put(read.id(), plugin);
      return plugin;
    } catch (RuntimeException | Error e) {
      delete(copy);
      throw e;
    }
  }

  /** Stops and unloads the plugin, closes its class loader and deletes its copy, if loaded. */
  public synchronized boolean unload(String pluginId) {
    LoadedPlugin plugin = loaded.remove(pluginId);
    if (plugin == null) {
      return false;
    }
    plugin.release();
    discard(pluginId);
    delete(plugin.cachedCopy());
    return true;
  }

  /** A private copy of {@code jar}, owner-only; the watcher waits for a jar being written. */
  private Path copy(Path jar) {
    if (!Files.isRegularFile(jar)) {
      throw new PluginLoadException(jar, Files.isDirectory(jar)
          ? "is a directory; give the plugin's jar file"
          : Files.exists(jar) ? "not a regular file" : "no such file");
    }
    Path copy;
    try { // an owner-only file; PF4J loads only names ending in .jar
      Files.createDirectories(folder);
      copy = Files.createTempFile(folder, PREFIX + ProcessHandle.current().pid() + "-", ".jar");
    } catch (IOException e) {
      // The home's cache, not this jar, is at fault: every jar would fail the same way.
      throw FileProblems.writeFailed("cannot load the plugins", e, folder, FileAccessException.Kind.FOLDER);
    }
    try (OutputStream out = Files.newOutputStream(copy)) {
      Files.copy(jar, out);
      return copy;
    } catch (IOException e) {
      delete(copy);
      throw e instanceof NoSuchFileException ? new PluginLoadException(jar, "no such file")
          : new PluginLoadException(jar, "cannot copy the jar: " + e, e);
    }
  }

  private static void delete(Path copy) {
    try {
      Files.deleteIfExists(copy);
    } catch (IOException e) {
      // A leftover copy is deleted by a later start.
    }
  }

  /** The loaded plugins, oldest first. */
  public synchronized List<LoadedPlugin> plugins() {
    return List.copyOf(loaded.values());
  }

  public synchronized Optional<LoadedPlugin> plugin(String pluginId) {
    return Optional.ofNullable(loaded.get(pluginId));
  }

  /** The bundle layers of the loaded plugins, for {@code ProfileComposer}. */
  public Function<String, Optional<BundlePatch>> bundles() {
    return pluginId -> plugin(pluginId).map(p -> p.jar().bundle());
  }

  /** Starts the copy in PF4J, or undoes whatever PF4J did and says why. */
  private LoadedPlugin start(PluginJar jar, Path copy) {
    Path file = jar.file();
    String id;
    try {
      id = pf4j.loadPlugin(copy);
    } catch (RuntimeException | LinkageError e) {
      discard(jar.id());
      throw new PluginLoadException(file, "PF4J refused the plugin: " + describe(e), e);
    }
    try {
      PluginWrapper wrapper = pf4j.getPlugin(id);
      PluginState state = pf4j.startPlugin(id);
      if (state != PluginState.STARTED) {
        Throwable failure = wrapper.getFailedException();
        throw new PluginLoadException(file, "plugin \"" + id + "\" did not start (" + state + ")"
            + (failure == null ? "" : ": " + describe(failure)), failure);
      }
      return new LoadedPlugin(jar, copy, wrapper, entry(file, id));
    } catch (RuntimeException | LinkageError e) {
      discard(id);
      throw e instanceof PluginLoadException refused ? refused
          : new PluginLoadException(file, "plugin \"" + id + "\" failed: " + describe(e), e);
    }
  }

  // Classes and instance apart: getExtensions logs and drops an extension whose constructor
  // throws, which would be reported as "no entry".
  private dev.dsh.api.Plugin entry(Path file, String id) {
    List<Class<? extends dev.dsh.api.Plugin>> classes =
        pf4j.getExtensionClasses(dev.dsh.api.Plugin.class, id);
    if (classes.isEmpty()) {
      throw new PluginLoadException(file, "not a dsh plugin: its extension index lists no"
          + " dev.dsh.api.Plugin (the entry must be an @Extension implementing dev.dsh.api.Plugin"
          + " and org.pf4j.ExtensionPoint; listed: " + new TreeSet<>(pf4j.getExtensionClassNames(id))
          + ")");
    }
    if (classes.size() > 1) {
      throw new PluginLoadException(file, "not a dsh plugin: it has " + classes.size()
          + " dev.dsh.api.Plugin extensions " + classes.stream().map(Class::getName).sorted().toList()
          + "; a plugin has exactly one entry");
    }
    try {
      return dev.dsh.api.Plugin.class.cast(pf4j.getExtensionFactory().create(classes.get(0)));
    } catch (RuntimeException | LinkageError e) {
      Throwable root = e;
      while (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      }
      throw new PluginLoadException(file,
          "its dev.dsh.api.Plugin extension could not be created: " + describe(root), e);
    }
  }

  private void discard(String pluginId) {
    try {
      PluginWrapper wrapper = pf4j.getPlugin(pluginId);
      if (wrapper != null) {
        if (wrapper.getPluginState() == PluginState.STARTED) {
          pf4j.stopPlugin(pluginId);
        }
        pf4j.unloadPlugin(pluginId);
      }
    } catch (RuntimeException e) {
      LOG.warn("PF4J failed to unload plugin {}", pluginId, e);
    }
  }

  /** {@code Type: message}, or the type alone when the message is blank. */
  public static String describe(Throwable e) {
    String type = e.getClass().getSimpleName();
    return e.getMessage() == null || e.getMessage().isBlank() ? type : type + ": " + e.getMessage();
  }

  // Extensions from META-INF/extensions.idx only (the service-loader finder opens a zip file
  // system per plugin); a jar without a Plugin-Class accepted (its entry is its Plugin extension).
  private static final class HostPluginManager extends JarPluginManager {

    HostPluginManager(Path cacheRoot) {
      super(cacheRoot); // no system version: PluginJar checks Plugin-Requires, in its words
    }

    @Override
    protected ExtensionFinder createExtensionFinder() {
      LegacyExtensionFinder finder = new LegacyExtensionFinder(this);
      addPluginStateListener(finder);
      return finder;
    }

    @Override
    protected PluginFactory createPluginFactory() {
      DefaultPluginFactory delegate = new DefaultPluginFactory();
      return wrapper -> {
        String pluginClass = wrapper.getDescriptor().getPluginClass();
        return pluginClass == null || pluginClass.isBlank() ? new org.pf4j.Plugin()
            : delegate.create(wrapper);
      };
    }
  }
}
