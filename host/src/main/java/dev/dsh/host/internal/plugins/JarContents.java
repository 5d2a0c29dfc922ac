package dev.dsh.host.internal.plugins;

import dev.dsh.host.model.PluginLoadException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the host needs from a plugin jar before PF4J sees it. Every entry is first streamed through
 * its CRC check within a cap on the unpacked size ({@link JarEntries}), so a damaged jar or a zip
 * bomb is refused up front rather than failing at its first class load or filling the heap (a copy
 * that passed before, {@link CheckedCopies}, is not checked again); then the few small files
 * the host needs are read, each size-capped. The jar file is closed on return.
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
   * @param entriesChecked whether these very bytes passed {@link JarEntries#checkAll} before
   *     ({@link CheckedCopies}): then the CRC and size pass is not repeated
   */
  static JarContents read(Path jar, Path shownAs, boolean entriesChecked) {
    try (ZipFile file = new ZipFile(jar.toFile())) {
      JarEntries entries = new JarEntries(file, shownAs);
      if (!entriesChecked) {
        entries.checkAll();
      }
      Attributes main = manifest(entries, shownAs).getMainAttributes();
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
      if (!entries.has(EXTENSION_INDEX)) {
        throw notAPlugin(
            shownAs,
            "it declares no PF4J extension ("
                + EXTENSION_INDEX
                + " is missing; compile the plugin with the PF4J annotation processor)");
      }
      Optional<String> hostClass = entries.firstClassUnder(HOST_PACKAGES);
      if (hostClass.isPresent()) {
        throw new PluginLoadException(
            shownAs,
            "it bundles "
                + hostClass.get()
                + ": dsh-plugin-api, PF4J, SLF4J and Jackson come from the host and must be"
                + " `provided` dependencies, never packed into the plugin");
      }
      entries.text(EXTENSION_INDEX); // read by PF4J later: held to the same size cap now
      return new JarContents(
          id,
          version,
          Optional.ofNullable(attribute(main, "Plugin-Requires")),
          entries.text(BUNDLE_PATCH),
          entries.text(CONFIG_SCHEMA).map(text -> parseSchema(text, shownAs)));
    } catch (IOException | SecurityException e) {
      // The file is a private copy we just wrote, so a read failure means a damaged archive.
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      throw new PluginLoadException(
          shownAs, "not a valid jar (" + why + ")", e);
    }
  }

  /**
   * The {@code Plugin-Id} in the jar's manifest, read alone (size-capped, no other entry opened),
   * even from a jar that is refused for other reasons; empty when there is none or it cannot be
   * read.
   */
  static Optional<String> pluginIdOf(Path jar) {
    try (ZipFile file = new ZipFile(jar.toFile())) {
      Manifest manifest = manifest(new JarEntries(file, jar), jar);
      return Optional.ofNullable(attribute(manifest.getMainAttributes(), "Plugin-Id"));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static Manifest manifest(JarEntries entries, Path shownAs) throws IOException {
    byte[] bytes =
        entries
            .bytes(JarFile.MANIFEST_NAME)
            .orElseThrow(() -> notAPlugin(shownAs, "the jar has no META-INF/MANIFEST.MF"));
    try {
      return new Manifest(new ByteArrayInputStream(bytes));
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
      JsonNode schema = JsonMapper.shared().readTree(text);
      if (schema == null || !schema.isObject()) {
        throw notAPlugin(shownAs, CONFIG_SCHEMA + " is not a JSON object");
      }
      return schema;
    } catch (JacksonException e) {
      throw new PluginLoadException(
          shownAs,
          CONFIG_SCHEMA + " is not valid JSON (" + e.getOriginalMessage() + ")",
          e);
    }
  }

  private static PluginLoadException notAPlugin(Path shownAs, String why) {
    return new PluginLoadException(
        shownAs, "not a dsh plugin: " + why);
  }
}
