package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.profile.BundlePatch;
import dev.dsh.host.internal.profile.BundlePatchSource;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pf4j.DefaultVersionManager;
import org.pf4j.VersionManager;
import tools.jackson.databind.JsonNode;

/**
 * The plugin jars of a home as read from their manifests and embedded files, without loading a
 * class: enough to compose a profile for {@code --dump-config} or list what is installed.
 *
 * <p>The checks are those {@link PluginLoader#load} makes before PF4J sees a jar (readable zip,
 * manifest, extension index, no bundled host classes, {@code Plugin-Requires}); whether the entry
 * can be instantiated is only known once loaded. The CRC and size pass over every entry is made
 * once per content: {@link #inspect} skips it for a jar whose checked copy is in the home's cache
 * ({@link CheckedCopies}).
 */
public final class PluginJars {

  /**
   * One installed jar.
   *
   * @param file the jar
   * @param id {@code Plugin-Id}
   * @param version {@code Plugin-Version}
   * @param bundlePatch its {@code META-INF/dsh/cordis.patch.yml}, if any
   * @param configSchema its {@code META-INF/dsh/config.schema.json}, if any
   */
  public record Jar(
      Path file,
      String id,
      String version,
      Optional<String> bundlePatch,
      Optional<JsonNode> configSchema) {}

  private static final VersionManager VERSIONS = new DefaultVersionManager();

  private final Map<String, Jar> byId;
  private final List<PluginLoadException> failures;

  private PluginJars(Map<String, Jar> byId, List<PluginLoadException> failures) {
    this.byId = byId;
    this.failures = List.copyOf(failures);
  }

  /**
   * Reads every {@code *.jar} in the home's plugins folder in file-name order, each as {@link
   * #inspect} reads it; a bad jar, or a second jar with an id already seen, is kept in {@link
   * #failures()}. A missing folder has no jars.
   */
  public static PluginJars scan(DshHome home) {
    CheckedCopies copies = CheckedCopies.of(home.root());
    Map<String, Jar> byId = new LinkedHashMap<>();
    List<PluginLoadException> failures = new ArrayList<>();
    for (Path file : jarsIn(home.plugins())) {
      try {
        Jar jar = inspect(file, copies);
        Jar first = byId.putIfAbsent(jar.id(), jar);
        if (first != null) {
          failures.add(
              new PluginLoadException(
                  file,
                  "plugin \"" + jar.id() + "\" is also in " + first.file() + "; remove one of them"));
        }
      } catch (PluginLoadException e) {
        failures.add(e);
      }
    }
    return new PluginJars(byId, failures);
  }

  /**
   * Reads one jar file of the home {@code home}. A jar whose bytes have a checked copy in the home's
   * cache ({@link CheckedCopies#passed}) is not CRC-checked again: the copy's existence is that
   * check's verdict, so the read opens the manifest and the few small files only. A jar without
   * such a copy gets the whole pass.
   *
   * @throws PluginLoadException naming the file and why it is not a loadable dsh plugin
   */
  public static Jar inspect(DshHome home, Path file) {
    return inspect(file, CheckedCopies.of(home.root()));
  }

  private static Jar inspect(Path file, CheckedCopies copies) {
    JarContents contents = JarContents.read(file, file, copies.passed(file));
    contents
        .requires()
        .filter(requires -> !VERSIONS.checkVersionConstraint(HostVersion.current(), requires))
        .ifPresent(
            requires -> {
              throw new PluginLoadException(
                  file,
                  "plugin \""
                      + contents.pluginId()
                      + "\" requires host version "
                      + requires
                      + ", but this host is "
                      + HostVersion.current());
            });
    return new Jar(
        file, contents.pluginId(), contents.version(), contents.bundlePatch(), contents.configSchema());
  }

  /**
   * The {@code Plugin-Id} named in the jar's manifest, read alone: known even for a jar refused for
   * its size, its CRC or a missing extension index, so such a jar can still be removed by id.
   */
  public static Optional<String> pluginIdOf(Path file) {
    return JarContents.pluginIdOf(file);
  }

  /** The readable jars, in file-name order. */
  public List<Jar> jars() {
    return List.copyOf(byId.values());
  }

  /** One per refused jar. */
  public List<PluginLoadException> failures() {
    return failures;
  }

  public Optional<Jar> jar(String pluginId) {
    return Optional.ofNullable(byId.get(pluginId));
  }

  /** The bundle layers of these jars, for {@code ProfileComposer}. */
  public BundlePatchSource bundles() {
    return pluginId -> jar(pluginId).map(jar -> new BundlePatch(jar.id(), jar.bundlePatch()));
  }

  /** The embedded config schema of {@code pluginId}, for {@code ConfigDump}. */
  public Optional<JsonNode> configSchema(String pluginId) {
    return jar(pluginId).flatMap(Jar::configSchema);
  }

  /**
   * The {@code *.jar} files in {@code dir}, in file-name order; none when it does not exist.
   *
   * @throws FileAccessException when {@code dir} exists but is not a folder, or cannot be listed
   *     (naming it and the reason)
   */
  public static List<Path> jarsIn(Path dir) {
    if (!Files.isDirectory(dir)) {
      if (Files.exists(dir)) {
        throw new FileAccessException(
            "the plugins folder "
                + dir
                + " is a file, not a folder; move the file away (dsh creates the folder)");
      }
      return List.of();
    }
    List<Path> jars = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.jar")) {
      for (Path file : files) {
        if (Files.isRegularFile(file)) {
          jars.add(file);
        }
      }
    } catch (IOException e) {
      throw FileProblems.failed("cannot list the plugins folder", e, dir, FileAccessException.Kind.FOLDER);
    }
    jars.sort(null);
    return jars;
  }
}
