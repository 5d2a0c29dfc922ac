package dev.dsh.host.internal.plugins;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;

/** A started plugin; once unloaded it lets go of its classes, so no stale reference pins them. */
public final class LoadedPlugin {

  private final PluginJar jar;
  private final Path cachedCopy;
  private volatile @Nullable PluginWrapper wrapper;
  private volatile dev.dsh.api.@Nullable Plugin entry;

  LoadedPlugin(PluginJar jar, Path cachedCopy, PluginWrapper wrapper, dev.dsh.api.Plugin entry) {
    this.jar = jar;
    this.cachedCopy = cachedCopy;
    this.wrapper = wrapper;
    this.entry = entry;
  }

  /** The jar as read before loading; its {@code file()} may have changed since. */
  public PluginJar jar() {
    return jar;
  }

  /** The private copy the class loader reads, deleted when the plugin is unloaded. */
  public Path cachedCopy() {
    return cachedCopy;
  }

  /** PF4J's state of the plugin: {@code STARTED} while loaded, {@code UNLOADED} afterwards. */
  public PluginState state() {
    PluginWrapper current = wrapper;
    return current == null ? PluginState.UNLOADED : current.getPluginState();
  }

  /** The plugin's {@code dev.dsh.api.Plugin} extension; throws once the plugin is unloaded. */
  public dev.dsh.api.Plugin entry() {
    dev.dsh.api.Plugin current = entry;
    if (current == null) {
      throw new IllegalStateException("plugin \"" + jar.id() + "\" is unloaded");
    }
    return current;
  }

  void release() {
    wrapper = null;
    entry = null;
  }
}
