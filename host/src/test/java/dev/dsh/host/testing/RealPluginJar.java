package dev.dsh.host.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.jspecify.annotations.Nullable;

/** The Yuanbao plugin jar the reactor built, and variants of it made at test time. */
public final class RealPluginJar {

  public static final String PLUGIN_ID = "dsh-web-search-yuanbao";
  public static final String ROW_ID = "web-search-yuanbao";

  private RealPluginJar() {}

  /** The jar copied by the build into {@code target/dist/bundled-plugins}. */
  public static Path path() {
    String path = System.getProperty("dsh.test.pluginJar");
    if (path == null || !Files.isRegularFile(Path.of(path))) {
      throw new IllegalStateException(
          "the plugin jar is missing: run the tests through 'mvn verify' from the repository root");
    }
    return Path.of(path);
  }

  /**
   * Installs the jar in {@code home}'s plugins, lists its bundle in the default profile and writes
   * the user layer: the row's whole config, {@code baseURL} and then {@code extraConfig}.
   */
  public static void install(Path home, String baseUrl, String extraConfig) {
    try {
      Files.createDirectories(home.resolve("plugins"));
      Files.copy(path(), home.resolve("plugins").resolve(PLUGIN_ID + ".jar"),
          StandardCopyOption.REPLACE_EXISTING);
      Path profile = Files.createDirectories(home.resolve("profiles/default"));
      Files.writeString(profile.resolve("profile.yml"), "bundles: [" + PLUGIN_ID + "]\n");
      writeUserLayer(home, baseUrl, extraConfig);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Replaces the default profile's user layer, atomically: the row's whole config. */
  public static void writeUserLayer(Path home, String baseUrl, String extraConfig) {
    String config = "{baseURL: \"" + baseUrl + "\""
        + (extraConfig.isEmpty() ? "" : ", " + extraConfig) + "}";
    try {
      Path file = home.resolve("profiles/default/cordis.patch.yml");
      Path temp = Files.createTempFile(file.getParent(), ".patch-", ".tmp");
      Files.writeString(temp, "- id: " + ROW_ID + "\n  config: " + config + "\n");
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes a new build of the same plugin to {@code target}: every entry of the real jar, plus one
   * entry {@code build-note.txt} holding {@code note}, so the bytes (and size) differ.
   */
  public static Path rebuiltTo(Path target, String note) {
    return copy(target, "build-note.txt", note);
  }

  /** Writes the real jar without its entry {@code name} to {@code target}. */
  public static Path withoutEntryTo(Path target, String name) {
    return copy(target, name, null);
  }

  /** Writes the real jar with entry {@code name} holding {@code content} to {@code target}. */
  public static Path withEntryTo(Path target, String name, String content) {
    return copy(target, name, content);
  }

  /** The real jar with {@code name} replaced by {@code content}, or dropped when it is null. */
  private static Path copy(Path target, String name, @Nullable String content) {
    try (ZipFile source = new ZipFile(path().toFile());
        OutputStream file = Files.newOutputStream(target);
        ZipOutputStream out = new ZipOutputStream(file)) {
      Enumeration<? extends ZipEntry> entries = source.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        if (entry.getName().equals(name)) {
          continue;
        }
        out.putNextEntry(new ZipEntry(entry.getName()));
        try (InputStream in = source.getInputStream(entry)) {
          in.transferTo(out);
        }
        out.closeEntry();
      }
      if (content != null) {
        out.putNextEntry(new ZipEntry(name));
        out.write(content.getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  /** The real jar's {@code Plugin-Version}. */
  public static String version() {
    try (JarFile jar = new JarFile(path().toFile())) {
      return jar.getManifest().getMainAttributes().getValue("Plugin-Version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
