package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.profile.BundlePatch;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
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
import java.util.function.Function;

/** The plugin jars of a home, read without loading a class; one failure per refused jar. */
public record PluginJars(List<PluginJar> jars, List<PluginLoadException> failures) {

  /** Reads every jar in file-name order; a bad jar, or a second of an id, is a failure. */
  public static PluginJars scan(DshHome home) {
    Map<String, PluginJar> byId = new LinkedHashMap<>();
    List<PluginLoadException> failures = new ArrayList<>();
    for (Path file : jarsIn(home.plugins())) {
      try {
        PluginJar jar = PluginJar.read(file, file);
        PluginJar first = byId.putIfAbsent(jar.id(), jar);
        if (first != null) {
          failures.add(new PluginLoadException(file,
              "plugin \"" + jar.id() + "\" is also in " + first.file() + "; remove one of them"));
        }
      } catch (PluginLoadException e) {
        failures.add(e);
      }
    }
    return new PluginJars(List.copyOf(byId.values()), List.copyOf(failures));
  }

  /** The readable jar of {@code pluginId}. */
  public Optional<PluginJar> jar(String pluginId) {
    return jars.stream().filter(jar -> jar.id().equals(pluginId)).findFirst();
  }

  /** The bundle layers of these jars, for {@code ProfileComposer}. */
  public Function<String, Optional<BundlePatch>> bundles() {
    return pluginId -> jar(pluginId).map(jar -> new BundlePatch(jar.id(), jar.bundlePatch()));
  }

  /** The {@code *.jar} files in {@code dir}, in file-name order; none when it does not exist. */
  public static List<Path> jarsIn(Path dir) {
    if (!Files.isDirectory(dir)) {
      if (Files.exists(dir)) {
        throw new FileAccessException("the plugins folder " + dir
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
