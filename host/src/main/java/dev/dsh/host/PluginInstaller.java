package dev.dsh.host;

import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.plugins.PluginJar;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** {@code dsh plugin add} and {@code remove}: a jar in {@code plugins/}, its bundle listed. */
public final class PluginInstaller {

  /** A plugin installed as {@code plugins/<id>.jar}, its bundle listed in {@code profile}. */
  public record Installed(String id, String version, String profile) {}

  /** A plugin removed; {@code notes} as every later start says them; why it no longer composes. */
  public record Removed(String id, List<String> notes, Optional<String> profileProblem) {}

  private PluginInstaller() {}

  /**
   * Copies {@code jar} to {@code plugins/<id>.jar}, replacing the plugin's other jars, and lists its
   * bundle. A {@link PluginLoadException} says why it does not load; nothing was changed.
   */
  public static Installed add(HostOptions options, Path jar) {
    DshHome home = options.home();
    PluginJar checked = trialLoad(jar);
    Path plugins = home.plugins();
    Path target = plugins.resolve(checked.id() + ".jar");
    if (Files.isDirectory(target)) {
      throw new FileAccessException(
          "could not install " + jar + ": " + target + " is a folder, not a file; remove it");
    }
    try {
      Files.createDirectories(plugins);
      // Copied aside first: the jar given may be one of the files replaced below.
      OwnerOnlyFiles.replace(target, temp -> {
        try (OutputStream out = Files.newOutputStream(temp)) {
          Files.copy(jar, out);
        }
        // One jar per plugin: another file of the same id goes before the target is replaced.
        for (Path other : PluginJar.jarsIn(plugins)) {
          if (!other.equals(target) && PluginJar.pluginIdOf(other).filter(checked.id()::equals)
              .isPresent()) {
            Files.deleteIfExists(other);
          }
        }
      });
      ProfileSpec.update(home, options.profile(), spec -> spec.withBundle(checked.id()));
    } catch (IOException e) {
      throw FileProblems.writeFailed(
          "could not install " + jar, e, plugins, FileAccessException.Kind.FOLDER);
    }
    return new Installed(checked.id(), checked.version(), options.profile());
  }

  /**
   * Makes sure {@code pluginId} is installed ({@link #add} of {@code jar}, asked for only then) and
   * listed; an {@link IllegalArgumentException} when {@code jar} holds another plugin.
   */
  public static Installed ensure(HostOptions options, String pluginId, Supplier<Path> jar) {
    Optional<PluginJar> installed = PluginJar.Scan.of(options.home()).jar(pluginId);
    if (installed.isEmpty()) {
      Path given = jar.get();
      Optional<String> other = PluginJar.pluginIdOf(given).filter(id -> !id.equals(pluginId));
      if (other.isPresent()) {
        throw new IllegalArgumentException(
            given + " holds the plugin \"" + other.get() + "\", not \"" + pluginId + "\"");
      }
      return add(options, given);
    }
    ProfileEdits.setBundleEnabled(options, pluginId, true);
    return new Installed(pluginId, installed.get().version(), options.profile());
  }

  /**
   * Deletes every jar of {@code pluginId} (even one refused) and unlists it, its rows' user entries
   * kept and skipped; empty when neither a jar nor the profile knew it.
   */
  public static Optional<Removed> remove(HostOptions options, String pluginId) {
    DshHome home = options.home();
    List<Path> matching = PluginJar.jarsIn(home.plugins()).stream()
        .filter(file -> PluginJar.pluginIdOf(file).filter(pluginId::equals).isPresent())
        .toList();
    if (matching.isEmpty()
        && !ProfileSpec.of(home, options.profile()).bundles().contains(pluginId)) {
      return Optional.empty();
    }
    // The jars as read now, before their files go: a removed bundle's rows, then the notes.
    HostInspection before = Host.inspect(options);
    List<String> rows;
    try {
      rows = before.keptRows(pluginId);
    } catch (ProfileException e) {
      rows = List.of(); // a user layer that does not parse fails every command already
    }
    try {
      List<String> kept = rows;
      ProfileSpec.update(home, options.profile(),
          spec -> spec.withoutBundle(pluginId).withRemovedRows(pluginId, kept));
      for (Path jar : matching) {
        Files.deleteIfExists(jar);
      }
    } catch (IOException e) {
      throw FileProblems.writeFailed(
          "could not remove " + pluginId, e, home.plugins(), FileAccessException.Kind.FOLDER);
    }
    try {
      return Optional.of(new Removed(pluginId, before.again().notes(), Optional.empty()));
    } catch (ProfileException e) {
      return Optional.of(new Removed(pluginId, List.of(), Optional.of(e.getMessage())));
    }
  }

  // In a scratch folder, not the home, which may not be writable yet.
  private static PluginJar trialLoad(Path jar) {
    Path scratch;
    try {
      scratch = Files.createTempDirectory("dsh-plugin-check-");
    } catch (IOException e) {
      throw FileProblems.failed("cannot create a folder to try " + jar + " in", e,
          Path.of(System.getProperty("java.io.tmpdir")), FileAccessException.Kind.FOLDER);
    }
    try {
      PluginLoader loader = new PluginLoader(scratch);
      PluginJar read = loader.load(jar).jar();
      loader.unload(read.id());
      return read;
    } finally {
      // The loader deleted its copy as it unloaded: only the empty folders are left.
      scratch.resolve(".cache/plugins").toFile().delete();
      scratch.resolve(".cache").toFile().delete();
      scratch.toFile().delete();
    }
  }
}
