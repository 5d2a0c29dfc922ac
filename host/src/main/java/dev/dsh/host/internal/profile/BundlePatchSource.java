package dev.dsh.host.internal.profile;

import java.util.Optional;

/** Finds the bundle layer of an installed plugin by its id (the plugin loader is the usual one). */
@FunctionalInterface
public interface BundlePatchSource {

  Optional<BundlePatch> find(String pluginId);
}
