package dev.dsh.host.cli;

import dev.dsh.host.home.DshHome;
import dev.dsh.host.plugins.PluginLoadException;
import dev.dsh.host.plugins.PluginLoader;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Loads a jar once in a loader of its own, then closes it: what reading the jar's files cannot tell
 * — that PF4J accepts it and that its extension index names exactly one {@code dev.dsh.api.Plugin}
 * that can be created — is known before {@code plugin add} installs it. The loader caches in the
 * home, so the jar's entries are checked here, once: the checked copy it leaves is what the next
 * start loads.
 */
final class TrialLoad {

  private TrialLoad() {}

  /**
   * @throws PluginLoadException naming {@code jar} and why it does not load
   */
  static void check(Path jar, DshHome home) {
    try (PluginLoader loader = new PluginLoader(home.root(), Duration.ZERO)) {
      loader.load(jar);
    }
  }
}
