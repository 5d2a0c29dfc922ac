package dev.dsh.host.internal.plugins;

import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;
import tools.jackson.databind.JsonNode;

/**
 * A plugin jar loaded and started by a {@link PluginLoader}.
 *
 * <p>After {@link PluginLoader#unload} this object lets go of the plugin's classes: {@link
 * #state()} is {@code UNLOADED} and {@link #entry()} throws, so a stale reference never keeps a
 * class loader alive.
 */
public final class LoadedPlugin {

  private final JarContents contents;
  private final Path source;
  private final Path cachedCopy;
  private final String sha256;
  private volatile @Nullable PluginWrapper wrapper;
  private volatile dev.dsh.api.@Nullable Plugin entry;

  LoadedPlugin(
      JarContents contents,
      Path source,
      Path cachedCopy,
      String sha256,
      PluginWrapper wrapper,
      dev.dsh.api.Plugin entry) {
    this.contents = contents;
    this.source = source;
    this.cachedCopy = cachedCopy;
    this.sha256 = sha256;
    this.wrapper = wrapper;
    this.entry = entry;
  }

  /** The PF4J plugin id ({@code Plugin-Id}), also the bundle's name in {@code profile.yml}. */
  public String id() {
    return contents.pluginId();
  }

  /** {@code Plugin-Version}. */
  public String version() {
    return contents.version();
  }

  /** {@code Plugin-Requires}, if the jar states one. */
  public Optional<String> requires() {
    return contents.requires();
  }

  /** PF4J's state of the plugin: {@code STARTED} while loaded, {@code UNLOADED} afterwards. */
  public PluginState state() {
    PluginWrapper current = wrapper;
    return current == null ? PluginState.UNLOADED : current.getPluginState();
  }

  /** The jar the plugin was loaded from (e.g. in {@code plugins/}); it may have changed since. */
  public Path source() {
    return source;
  }

  /**
   * The checked copy the class loader reads; deleted by {@link PluginLoader#unload}, kept by {@link
   * PluginLoader#close} for the next start.
   */
  public Path cachedCopy() {
    return cachedCopy;
  }

  /** SHA-256 (hex) of the loaded bytes: tells a replaced jar from the loaded one. */
  public String sha256() {
    return sha256;
  }

  /**
   * The plugin's entry: its {@code dev.dsh.api.Plugin} extension.
   *
   * @throws IllegalStateException once the plugin is unloaded
   */
  public dev.dsh.api.Plugin entry() {
    dev.dsh.api.Plugin current = entry;
    if (current == null) {
      throw new IllegalStateException("plugin \"" + id() + "\" is unloaded");
    }
    return current;
  }

  /** The jar's {@code META-INF/dsh/cordis.patch.yml}, if it has one. */
  public Optional<String> bundlePatch() {
    return contents.bundlePatch();
  }

  /** The jar's {@code META-INF/dsh/config.schema.json}, if it has one. */
  public Optional<JsonNode> configSchema() {
    return contents.configSchema();
  }

  /** Drops the references into the plugin's class loader. */
  void release() {
    wrapper = null;
    entry = null;
  }

  @Override
  public String toString() {
    return "LoadedPlugin[" + id() + "@" + version() + ", " + state() + ", from " + source + "]";
  }
}
