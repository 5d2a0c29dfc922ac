package dev.dsh.host.internal.plugins;

import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.PluginLoadException;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.pf4j.PluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a checked copy of a plugin jar in PF4J and finds its one {@code dev.dsh.api.Plugin}
 * extension, or undoes whatever PF4J did and says why in a {@link PluginLoadException}. Used by
 * {@link PluginLoader} only, under its lock.
 */
final class PluginStarter {

  private static final Logger LOG = LoggerFactory.getLogger(PluginStarter.class);

  private final PluginManager pf4j;

  PluginStarter(PluginManager pf4j) {
    this.pf4j = pf4j;
  }

  LoadedPlugin start(Path jar, Path cached, JarContents contents, String sha256) {
    String id;
    try {
      id = pf4j.loadPlugin(cached);
    } catch (RuntimeException | LinkageError e) {
      discard(contents.pluginId());
      throw new PluginLoadException(
          jar, "PF4J refused the plugin: " + describe(e), e);
    }
    try {
      PluginWrapper wrapper = pf4j.getPlugin(id);
      if (wrapper.getPluginState() == PluginState.DISABLED) {
        // The host disables nothing itself, so PF4J disabled it for an unmet Plugin-Requires.
        throw new PluginLoadException(
            jar,
            "plugin \""
                + id
                + "\" requires host version "
                + contents.requires().orElse("?")
                + ", but this host is "
                + HostVersion.current());
      }
      PluginState state = pf4j.startPlugin(id);
      if (state != PluginState.STARTED) {
        Throwable failure = wrapper.getFailedException();
        throw new PluginLoadException(
            jar,
            "plugin \"" + id + "\" did not start (" + state + ")"
                + (failure == null ? "" : ": " + describe(failure)),
            failure);
      }
      return new LoadedPlugin(contents, jar, cached, sha256, wrapper, entry(jar, id));
    } catch (RuntimeException | LinkageError e) {
      discard(id);
      if (e instanceof PluginLoadException refused) {
        throw refused;
      }
      throw new PluginLoadException(
          jar, "plugin \"" + id + "\" failed: " + describe(e), e);
    }
  }

  /**
   * The plugin's one {@code dev.dsh.api.Plugin} extension, from PF4J's extension index. Classes and
   * instance are looked up separately because {@code getExtensions} logs and drops an extension
   * whose constructor throws, which would be reported as "no entry".
   */
  private dev.dsh.api.Plugin entry(Path jar, String id) {
    List<Class<? extends dev.dsh.api.Plugin>> classes =
        pf4j.getExtensionClasses(dev.dsh.api.Plugin.class, id);
    if (classes.isEmpty()) {
      throw new PluginLoadException(
          jar,
          "not a dsh plugin: its extension index lists no dev.dsh.api.Plugin (the entry must be an"
              + " @Extension implementing dev.dsh.api.Plugin and org.pf4j.ExtensionPoint; listed: "
              + new TreeSet<>(pf4j.getExtensionClassNames(id))
              + ")");
    }
    if (classes.size() > 1) {
      throw new PluginLoadException(
          jar,
          "not a dsh plugin: it has "
              + classes.size()
              + " dev.dsh.api.Plugin extensions "
              + classes.stream().map(Class::getName).sorted().toList()
              + "; a plugin has exactly one entry");
    }
    try {
      return dev.dsh.api.Plugin.class.cast(pf4j.getExtensionFactory().create(classes.get(0)));
    } catch (RuntimeException | LinkageError e) {
      throw new PluginLoadException(
          jar,
          "its dev.dsh.api.Plugin extension could not be created: " + describe(rootCause(e)),
          e);
    }
  }

  private static Throwable rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }

  /** Stops (if started) and unloads one plugin in PF4J; its copy is the loader's business. */
  void discard(String pluginId) {
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

  private static String describe(Throwable e) {
    String type = e.getClass().getSimpleName();
    return e.getMessage() == null ? type : type + ": " + e.getMessage();
  }
}
