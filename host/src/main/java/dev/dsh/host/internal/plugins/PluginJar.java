package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.profile.BundlePatch;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.PluginLoadException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jspecify.annotations.Nullable;
import org.pf4j.DefaultVersionManager;
import org.pf4j.VersionManager;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What the host needs from a plugin jar before PF4J sees it, from its central directory and a few
 * entries of at most 1 MiB; one declaring more than 256 MiB in all is refused before any is read.
 */
public record PluginJar(Path file, String id, String version, BundlePatch bundle,
    Optional<JsonNode> configSchema) {

  static final String EXTENSION_INDEX = "META-INF/extensions.idx";
  static final String CONFIG_SCHEMA = "META-INF/dsh/config.schema.json";
  static final int MAX_METADATA = 1024 * 1024;
  static final long MAX_UNPACKED = 256L * 1024 * 1024;

  // Packages the host class loader provides; a copy inside a plugin would shadow them.
  private static final List<String> HOST_PACKAGES = List.of("dev/dsh/api/", "org/pf4j/",
      "org/slf4j/", "tools/jackson/", "com/fasterxml/jackson/annotation/");
  private static final VersionManager VERSIONS = new DefaultVersionManager();
  private static final Pattern PLUGIN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  /** The plugin jars of a home, read without loading a class; one failure per refused jar. */
  public record Scan(List<PluginJar> jars, List<PluginLoadException> failures) {

    /** Reads every jar in file-name order; a bad jar, or a second of an id, is a failure. */
    public static Scan of(DshHome home) {
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
      return new Scan(List.copyOf(byId.values()), List.copyOf(failures));
    }

    public Optional<PluginJar> jar(String pluginId) {
      return jars.stream().filter(jar -> jar.id().equals(pluginId)).findFirst();
    }

    /** The bundle layers of these jars, for {@code ProfileComposer}. */
    public Function<String, Optional<BundlePatch>> bundles() {
      return pluginId -> jar(pluginId).map(PluginJar::bundle);
    }
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

  /** Reads {@code jar}, named {@code shownAs} in messages, its {@code Plugin-Requires} checked. */
  static PluginJar read(Path jar, Path shownAs) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      long declared = 0;
      @Nullable String hostClass = null;
      for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements(); ) {
        ZipEntry entry = all.nextElement();
        declared += Math.max(0, entry.getSize());
        if (declared > MAX_UNPACKED) {
          throw refused(shownAs, "it unpacks to more than the " + mebibytes(MAX_UNPACKED)
              + " limit for a plugin jar (" + entry.getName() + " alone declares "
              + mebibytes(entry.getSize()) + ")");
        }
        String name = entry.getName();
        if (hostClass == null && name.endsWith(".class")
            && HOST_PACKAGES.stream().anyMatch(name::startsWith)) {
          hostClass = name;
        }
      }
      Attributes main = manifest(zip, shownAs).getMainAttributes();
      String id = attribute(main, "Plugin-Id");
      if (id == null) {
        throw notAPlugin(shownAs, "its manifest has no Plugin-Id");
      }
      if (!PLUGIN_ID.matcher(id).matches()) {
        throw notAPlugin(
            shownAs, "its Plugin-Id \"" + id + "\" is not a plain name (letters, digits, . _ -)");
      }
      String version = attribute(main, "Plugin-Version");
      if (version == null) {
        throw notAPlugin(shownAs, "its manifest has no Plugin-Version");
      }
      if (zip.getEntry(EXTENSION_INDEX) == null) {
        throw notAPlugin(shownAs, "it declares no PF4J extension (" + EXTENSION_INDEX
            + " is missing; compile the plugin with the PF4J annotation processor)");
      }
      if (hostClass != null) {
        throw new PluginLoadException(shownAs, "it bundles " + hostClass
            + ": dsh-plugin-api, PF4J, SLF4J and Jackson come from the host and must be"
            + " `provided` dependencies, never packed into the plugin");
      }
      String requires = attribute(main, "Plugin-Requires");
      if (requires != null && !VERSIONS.checkVersionConstraint(HostVersion.current(), requires)) {
        throw new PluginLoadException(shownAs, "plugin \"" + id + "\" requires host version "
            + requires + ", but this host is " + HostVersion.current());
      }
      text(zip, EXTENSION_INDEX, shownAs); // PF4J reads it later: held to the same cap now
      return new PluginJar(shownAs, id, version,
          new BundlePatch(id, text(zip, BundlePatch.RESOURCE, shownAs)),
          text(zip, CONFIG_SCHEMA, shownAs).map(text -> parseSchema(text, shownAs)));
    } catch (IOException | SecurityException e) {
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new PluginLoadException(shownAs, "not a valid jar (" + why + ")", e);
    }
  }

  /** The manifest's {@code Plugin-Id} alone, if it reads: a refused jar is still removed by id. */
  public static Optional<String> pluginIdOf(Path jar) {
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      return Optional.ofNullable(attribute(manifest(zip, jar).getMainAttributes(), "Plugin-Id"));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> text(ZipFile zip, String name, Path shownAs) throws IOException {
    ZipEntry entry = zip.getEntry(name);
    if (entry == null || entry.isDirectory()) {
      return Optional.empty();
    }
    byte[] bytes = CappedRead.read(entry.getSize(), zip.getInputStream(entry), MAX_METADATA,
        size -> refused(shownAs, name + " is over the " + mebibytes(MAX_METADATA)
            + " limit for the files the host reads"));
    return Optional.of(new String(bytes, StandardCharsets.UTF_8));
  }

  private static Manifest manifest(ZipFile zip, Path shownAs) throws IOException {
    String text = text(zip, JarFile.MANIFEST_NAME, shownAs)
        .orElseThrow(() -> notAPlugin(shownAs, "the jar has no META-INF/MANIFEST.MF"));
    try {
      return new Manifest(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw notAPlugin(shownAs, "its META-INF/MANIFEST.MF is invalid (" + e.getMessage() + ")");
    }
  }

  private static @Nullable String attribute(Attributes attributes, String name) {
    String value = attributes.getValue(name);
    return value == null || value.isBlank() ? null : value.strip();
  }

  private static JsonNode parseSchema(String text, Path shownAs) {
    try {
      JsonNode schema = Json.MAPPER.readTree(text);
      if (schema == null || !schema.isObject()) {
        throw notAPlugin(shownAs, CONFIG_SCHEMA + " is not a JSON object");
      }
      return schema;
    } catch (JacksonException e) {
      throw new PluginLoadException(
          shownAs, CONFIG_SCHEMA + " is not valid JSON (" + e.getOriginalMessage() + ")", e);
    }
  }

  private static PluginLoadException refused(Path shownAs, String why) {
    return new PluginLoadException(shownAs, "refused: " + why);
  }

  private static PluginLoadException notAPlugin(Path shownAs, String why) {
    return new PluginLoadException(shownAs, "not a dsh plugin: " + why);
  }

  private static String mebibytes(long bytes) {
    long mib = bytes / (1024 * 1024);
    return mib >= 1 ? mib + " MiB" : bytes + " bytes";
  }
}
