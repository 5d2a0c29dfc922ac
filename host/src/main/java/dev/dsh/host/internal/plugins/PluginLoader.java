package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.profile.BundlePatch;
import dev.dsh.host.internal.profile.BundlePatchSource;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.PluginLoadException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Loads and unloads PF4J plugin jars one file at a time.
 *
 * <p>{@link #load} waits until the jar's size has stopped changing and takes its checked copy in
 * {@code <home>/.cache/plugins} ({@link CheckedCopies}): the one last taken from the jar when its
 * stamp is unchanged, else a fresh copy which, unless a copy of the same content is there already,
 * is checked — the CRC and size pass over every entry ({@link JarEntries#checkAll}), then a
 * readable zip, manifest with {@code Plugin-Id} and {@code Plugin-Version}, an extension index —
 * and only then moved in. It loads and starts the copy in PF4J — whose system version is the host
 * version, so {@code Plugin-Requires} is enforced — and finds the plugin's {@code
 * dev.dsh.api.Plugin} extension ({@link PluginStarter}). Any failure leaves nothing loaded and
 * throws a {@link PluginLoadException} naming the file and why; other plugins are not affected.
 *
 * <p>{@link #unload} stops and unloads one plugin, closes its class loader (releasing the jar
 * handle) and deletes its copy: its jar was removed or replaced. Plugins are never stopped all at
 * once ({@code stopPlugins()} stops them in the wrong order, pf4j#656): {@link #close} unloads them
 * one by one, newest first, and keeps their copies for the next start.
 *
 * <p>Thread-safe: operations are serialized on this loader.
 */
public final class PluginLoader implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(PluginLoader.class);

  /** How long a fresh jar must keep its size before it is taken, by default. */
  public static final Duration DEFAULT_SETTLE = Duration.ofMillis(300);

  private static final Duration GIVE_UP_AFTER = Duration.ofSeconds(10);

  private final StableCopy copier;
  private final CheckedCopies copies;
  private final PluginStarter starter;
  private final Map<String, LoadedPlugin> loaded = new LinkedHashMap<>();

  /** A loader caching jars under {@code <home>/.cache/plugins}, with the default settle time. */
  public PluginLoader(Path home) {
    this(home, DEFAULT_SETTLE);
  }

  /**
   * @param home the dsh home; copies go to {@code <home>/.cache/plugins}
   * @param settle how long a recently modified jar must keep its size before it is taken (a jar
   *     untouched for longer is taken at once)
   */
  public PluginLoader(Path home, Duration settle) {
    Objects.requireNonNull(home, "home");
    if (settle.isNegative()) {
      throw new IllegalArgumentException("settle must not be negative: " + settle);
    }
    this.copier = new StableCopy(settle, GIVE_UP_AFTER);
    this.copies = CheckedCopies.of(home);
    this.starter = new PluginStarter(new HostPluginManager(copies.dir(), HostVersion.current()));
  }

  /**
   * Loads and starts one plugin jar.
   *
   * @param jar the jar, e.g. in {@code plugins/}; it is copied, never loaded in place
   * @return the started plugin
   * @throws PluginLoadException naming {@code jar} and why; nothing is left loaded
   */
  public synchronized LoadedPlugin load(Path jar) {
    Objects.requireNonNull(jar, "jar");
    StableCopy.Copied copied = copier.copy(jar, copies);
    Path file = copied.file();
    // The file this load wrote, deleted if the load fails; a copy found checked is left alone:
    // its verdict stands whatever failed after (PF4J, a plugin id already loaded).
    @Nullable Path written = copied.checked() ? null : file;
    try {
      boolean checked = copied.checked();
      if (!checked) {
        Optional<CheckedCopies.Copy> same = copies.withContent(copied.sha256());
        if (same.isPresent()) {
          StableCopy.deleteQuietly(file);
          written = null;
          file = same.get().file();
          checked = true;
        }
      }
      JarContents contents = JarContents.read(file, jar, checked);
      LoadedPlugin existing = loaded.get(contents.pluginId());
      if (existing != null) {
        throw new PluginLoadException(
            jar,
            "plugin \"" + contents.pluginId() + "\" is already loaded from " + existing.source());
      }
      Path placed = copies.keep(file, contents.pluginId(), copied.sha256(), copied.stamp(), jar);
      if (written != null) {
        written = placed;
      }
      LoadedPlugin plugin = starter.start(jar, placed, contents, copied.sha256());
      copies.dropOthers(plugin.id(), placed);
      loaded.put(plugin.id(), plugin);
      LOG.debug("loaded plugin {}@{} from {}", plugin.id(), plugin.version(), jar);
      return plugin;
    } catch (RuntimeException | Error e) {
      if (written != null) {
        StableCopy.deleteQuietly(written);
      }
      throw e;
    }
  }

  /**
   * Stops and unloads the plugin, closes its class loader and deletes its cached copy: for a
   * plugin whose jar was removed or replaced.
   *
   * @return whether a plugin with that id was loaded
   */
  public synchronized boolean unload(String pluginId) {
    return unload(pluginId, true);
  }

  private boolean unload(String pluginId, boolean deleteCopy) {
    LoadedPlugin plugin = loaded.remove(pluginId);
    if (plugin == null) {
      return false;
    }
    plugin.release();
    starter.discard(pluginId);
    if (deleteCopy) {
      StableCopy.deleteQuietly(plugin.cachedCopy());
    }
    LOG.debug("unloaded plugin {}", pluginId);
    return true;
  }

  /** The loaded plugins, oldest first. */
  public synchronized List<LoadedPlugin> plugins() {
    return List.copyOf(loaded.values());
  }

  /** The loaded plugin with {@code pluginId}. */
  public synchronized Optional<LoadedPlugin> plugin(String pluginId) {
    return Optional.ofNullable(loaded.get(pluginId));
  }

  /** The loaded plugin whose jar is {@code source}, as passed to {@link #load}. */
  public synchronized Optional<LoadedPlugin> loadedFrom(Path source) {
    Path wanted = source.toAbsolutePath().normalize();
    return loaded.values().stream()
        .filter(p -> p.source().toAbsolutePath().normalize().equals(wanted))
        .findFirst();
  }

  /** The bundle layers of the loaded plugins, for {@code ProfileComposer}. */
  public BundlePatchSource bundles() {
    return pluginId -> plugin(pluginId).map(p -> new BundlePatch(p.id(), p.bundlePatch()));
  }

  /** The embedded config schema of the loaded plugin {@code pluginId}, for {@code ConfigDump}. */
  public Optional<JsonNode> configSchema(String pluginId) {
    return plugin(pluginId).flatMap(LoadedPlugin::configSchema);
  }

  /**
   * Unloads every plugin, newest first, one at a time, keeping their checked copies: the next
   * start whose jars are unchanged loads them as they are.
   */
  @Override
  public synchronized void close() {
    List<String> ids = new ArrayList<>(loaded.keySet());
    for (int i = ids.size() - 1; i >= 0; i--) {
      try {
        unload(ids.get(i), false);
      } catch (RuntimeException e) {
        LOG.warn("unloading plugin {} failed", ids.get(i), e);
      }
    }
  }
}
