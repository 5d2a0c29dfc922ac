package dev.dsh.host.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the host needs from a plugin jar before PF4J sees it, read in one pass that also checks
 * every entry's CRC, so a damaged jar is refused up front rather than failing at its first class
 * load. The jar file is closed on return.
 */
record JarContents(
    String pluginId,
    String version,
    Optional<String> requires,
    Optional<String> bundlePatch,
    Optional<JsonNode> configSchema) {

  static final String EXTENSION_INDEX = "META-INF/extensions.idx";
  static final String BUNDLE_PATCH = "META-INF/dsh/cordis.patch.yml";
  static final String CONFIG_SCHEMA = "META-INF/dsh/config.schema.json";

  // Packages the host class loader provides; a copy inside a plugin would shadow them.
  private static final List<String> HOST_PACKAGES =
      List.of(
          "dev/dsh/api/",
          "org/pf4j/",
          "org/slf4j/",
          "tools/jackson/",
          "com/fasterxml/jackson/annotation/");

  // The id names the cached copy; keep it to characters that are safe in a file name.
  private static final Pattern PLUGIN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  /**
   * @param jar the file to read (the private copy)
   * @param shownAs the file as the caller named it, for messages
   */
  static JarContents read(Path jar, Path shownAs) {
    try (JarFile file = new JarFile(jar.toFile(), false)) {
      String patch = null;
      String schema = null;
      boolean indexed = false;
      String hostClass = null;
      Enumeration<JarEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        byte[] bytes;
        try (InputStream in = file.getInputStream(entry)) {
          bytes = in.readAllBytes();
        }
        if (hostClass == null && entry.getName().endsWith(".class") && isHostPackage(entry.getName())) {
          hostClass = entry.getName();
        }
        switch (entry.getName()) {
          case EXTENSION_INDEX -> indexed = true;
          case BUNDLE_PATCH -> patch = new String(bytes, StandardCharsets.UTF_8);
          case CONFIG_SCHEMA -> schema = new String(bytes, StandardCharsets.UTF_8);
          default -> {}
        }
      }
      Manifest manifest;
      try {
        manifest = file.getManifest();
      } catch (IOException e) {
        throw notAPlugin(shownAs, "its META-INF/MANIFEST.MF is invalid (" + e.getMessage() + ")");
      }
      if (manifest == null) {
        throw notAPlugin(shownAs, "the jar has no META-INF/MANIFEST.MF");
      }
      Attributes main = manifest.getMainAttributes();
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
      if (!indexed) {
        throw notAPlugin(
            shownAs,
            "it declares no PF4J extension ("
                + EXTENSION_INDEX
                + " is missing; compile the plugin with the PF4J annotation processor)");
      }
      if (hostClass != null) {
        throw new PluginLoadException(
            shownAs,
            PluginLoadException.Reason.BUNDLES_HOST_CLASSES,
            "it bundles "
                + hostClass
                + ": dsh-plugin-api, PF4J, SLF4J and Jackson come from the host and must be"
                + " `provided` dependencies, never packed into the plugin");
      }
      return new JarContents(
          id,
          version,
          Optional.ofNullable(attribute(main, "Plugin-Requires")),
          Optional.ofNullable(patch),
          Optional.ofNullable(schema).map(text -> parseSchema(text, shownAs)));
    } catch (IOException | SecurityException e) {
      // The file is a private copy we just wrote, so a read failure means a damaged archive.
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new PluginLoadException(
          shownAs, PluginLoadException.Reason.CORRUPT, "not a valid jar (" + why + ")", e);
    }
  }

  private static boolean isHostPackage(String entryName) {
    return HOST_PACKAGES.stream().anyMatch(entryName::startsWith);
  }

  private static @Nullable String attribute(Attributes attributes, String name) {
    String value = attributes.getValue(name);
    return value == null || value.isBlank() ? null : value.strip();
  }

  private static JsonNode parseSchema(String text, Path shownAs) {
    try {
      JsonNode schema = JsonMapper.shared().readTree(text);
      if (schema == null || !schema.isObject()) {
        throw notAPlugin(shownAs, CONFIG_SCHEMA + " is not a JSON object");
      }
      return schema;
    } catch (JacksonException e) {
      throw new PluginLoadException(
          shownAs,
          PluginLoadException.Reason.NOT_A_PLUGIN,
          CONFIG_SCHEMA + " is not valid JSON (" + e.getOriginalMessage() + ")",
          e);
    }
  }

  private static PluginLoadException notAPlugin(Path shownAs, String why) {
    return new PluginLoadException(
        shownAs, PluginLoadException.Reason.NOT_A_PLUGIN, "not a dsh plugin: " + why);
  }
}
