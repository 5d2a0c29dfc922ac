package dev.dsh.host.internal.profile;

import java.util.Optional;

/** Looks up the bundle layer of an installed plugin (the plugin loader is the usual source). */
@FunctionalInterface
public interface BundlePatchSource {

  /**
   * @param pluginId a bundle listed in {@code profile.yml}
   * @return the plugin's bundle patch, or empty when no installed plugin has that id
   */
  Optional<BundlePatch> find(String pluginId);
}
