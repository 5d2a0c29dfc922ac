package dev.dsh.host.internal.plugins;

import java.nio.file.Path;
import org.pf4j.DefaultPluginFactory;
import org.pf4j.ExtensionFinder;
import org.pf4j.JarPluginManager;
import org.pf4j.LegacyExtensionFinder;
import org.pf4j.ManifestPluginDescriptorFinder;
import org.pf4j.Plugin;
import org.pf4j.PluginDescriptorFinder;
import org.pf4j.PluginFactory;
import org.pf4j.PluginStatusProvider;
import org.pf4j.RuntimeMode;

/**
 * PF4J configured for the host: jar plugins described by their manifest, extensions found through
 * {@code META-INF/extensions.idx} only, no enabled/disabled lists on disk, and a plugin without a
 * {@code Plugin-Class} accepted (its entry is its {@code dev.dsh.api.Plugin} extension).
 *
 * <p>The host never calls {@code loadPlugins()} or {@code stopPlugins()}: see {@link PluginLoader}.
 */
final class HostPluginManager extends JarPluginManager {

  HostPluginManager(Path cacheRoot, String systemVersion) {
    super(cacheRoot);
    setSystemVersion(systemVersion);
  }

  /**
   * Always deployment mode: PF4J's development mode (the {@code pf4j.mode} system property) loads
   * plugins from class folders, which the host never uses.
   */
  @Override
  public RuntimeMode getRuntimeMode() {
    return RuntimeMode.DEPLOYMENT;
  }

  @Override
  protected PluginDescriptorFinder createPluginDescriptorFinder() {
    return new ManifestPluginDescriptorFinder();
  }

  /**
   * Only the index finder: the service-loader finder opens a zip file system per plugin, which
   * the host has no use for.
   */
  @Override
  protected ExtensionFinder createExtensionFinder() {
    LegacyExtensionFinder finder = new LegacyExtensionFinder(this);
    addPluginStateListener(finder);
    return finder;
  }

  /** Every loaded plugin is enabled: which rows run is the profile's business, not PF4J's. */
  @Override
  protected PluginStatusProvider createPluginStatusProvider() {
    return new PluginStatusProvider() {
      @Override
      public boolean isPluginDisabled(String pluginId) {
        return false;
      }

      @Override
      public void disablePlugin(String pluginId) {
        throw new UnsupportedOperationException("the host does not disable plugins in PF4J");
      }

      @Override
      public void enablePlugin(String pluginId) {}
    };
  }

  @Override
  protected PluginFactory createPluginFactory() {
    DefaultPluginFactory delegate = new DefaultPluginFactory();
    return wrapper -> {
      String pluginClass = wrapper.getDescriptor().getPluginClass();
      if (pluginClass == null || pluginClass.isBlank()) {
        return new Plugin();
      }
      return delegate.create(wrapper);
    };
  }
}
