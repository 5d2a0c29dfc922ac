package dev.dsh.host.internal.plugins;

import java.nio.file.Path;
import org.pf4j.DefaultPluginFactory;
import org.pf4j.ExtensionFinder;
import org.pf4j.JarPluginManager;
import org.pf4j.LegacyExtensionFinder;
import org.pf4j.Plugin;
import org.pf4j.PluginFactory;
import org.pf4j.RuntimeMode;

/**
 * PF4J configured for the host: jar plugins described by their manifest, extensions found through
 * {@code META-INF/extensions.idx} only, and a plugin without a {@code Plugin-Class} accepted (its
 * entry is its {@code dev.dsh.api.Plugin} extension).
 *
 * <p>The host never calls {@code loadPlugins()} or {@code stopPlugins()}: see {@link PluginLoader}.
 */
final class HostPluginManager extends JarPluginManager {

  HostPluginManager(Path cacheRoot, String systemVersion) {
    super(cacheRoot);
    setSystemVersion(systemVersion);
  }

  /** Always deployment mode: development mode ({@code pf4j.mode}) loads class folders. */
  @Override
  public RuntimeMode getRuntimeMode() {
    return RuntimeMode.DEPLOYMENT;
  }

  /** Only the index finder: the service-loader one opens a zip file system per plugin. */
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
      return pluginClass == null || pluginClass.isBlank() ? new Plugin() : delegate.create(wrapper);
    };
  }
}
