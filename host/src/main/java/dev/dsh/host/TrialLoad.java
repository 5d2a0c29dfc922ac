package dev.dsh.host;

import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Loads a jar once in a loader of its own, then closes it: every check the host makes on a jar
 * before PF4J sees it, and what only loading tells — that PF4J accepts it and that its extension
 * index names exactly one {@code dev.dsh.api.Plugin} that can be created — is known before {@link
 * PluginInstaller} installs it. The loader is the one the host starts with, caching in the home, so
 * the jar's entries are checked here, once, and the checked copy it leaves is what the next start
 * loads; in a home whose cache cannot be written the trial runs in a scratch folder, and the
 * install that follows reports what it cannot write.
 */
final class TrialLoad {

  private TrialLoad() {}

  /**
   * @return the plugin as loaded, unloaded again: its id, version and checked copy
   * @throws PluginLoadException naming {@code jar} and why it does not load
   */
  static LoadedPlugin check(Path jar, DshHome home) {
    try {
      return loadOnce(jar, home.root());
    } catch (FileAccessException cacheNotWritable) {
      return checkInScratch(jar);
    }
  }

  private static LoadedPlugin loadOnce(Path jar, Path home) {
    try (PluginLoader loader = new PluginLoader(home, Duration.ZERO)) {
      return loader.load(jar);
    }
  }

  private static LoadedPlugin checkInScratch(Path jar) {
    Path scratch;
    try {
      scratch = Files.createTempDirectory("dsh-plugin-check-");
    } catch (IOException e) {
      throw FileProblems.failed("cannot create a folder to try " + jar + " in", e,
          Path.of(System.getProperty("java.io.tmpdir")), FileAccessException.Kind.FOLDER);
    }
    try {
      return loadOnce(jar, scratch);
    } finally {
      deleteTree(scratch);
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // A scratch folder in the system temp folder: a leftover is harmless.
    }
  }
}
