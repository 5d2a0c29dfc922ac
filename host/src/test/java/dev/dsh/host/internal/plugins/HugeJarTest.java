package dev.dsh.host.internal.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.testing.ZipBombJar;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A jar entry is never read whole; a jar declaring more than 256 MiB is refused in one line. */
class HugeJarTest {

  private static final long MIB = 1024 * 1024;

  @TempDir Path home;

  @Test
  void aJarWhoseEntryUnpacksToThreeGibibytesIsRefusedOnItsDeclaredSize() throws IOException {
    Path plugins = Files.createDirectories(home.resolve("plugins"));
    Path bomb = ZipBombJar.write(plugins.resolve("huge.jar"), "adv-huge", 3072, 3072 * MIB);
    assertThat(Files.size(bomb)).isLessThan(8 * MIB);

    PluginJar.Scan jars = PluginJar.Scan.of(new DshHome(home));

    assertThat(jars.jars()).isEmpty();
    assertThat(jars.failures()).singleElement().satisfies(failure -> {
      assertThat(failure).hasMessageContaining("refused: ");
      assertThat(failure).hasMessage(bomb + ": refused: it unpacks to more than the 256 MiB limit"
          + " for a plugin jar (data.bin alone declares 3072 MiB)");
    });
    assertThat(PluginJar.pluginIdOf(bomb)).contains("adv-huge");
  }

  @Test
  void theLoaderRefusesTheBombAndLeavesNoCopyInItsCache() throws IOException {
    Path bomb = ZipBombJar.write(home.resolve("huge.jar"), "adv-huge", 3072, 3072 * MIB);

    PluginLoader loader = new PluginLoader(home);
    assertThatThrownBy(() -> loader.load(bomb))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("refused: ");
    assertThat(loader.plugins()).isEmpty();
    try (Stream<Path> cached = Files.list(home.resolve(".cache/plugins"))) {
      assertThat(cached).isEmpty();
    }
  }

  @Test
  void aMetadataFileOverOneMebibyteIsRefusedNamingIt() throws IOException {
    Path jar = home.resolve("big-schema.jar");
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
    manifest.getMainAttributes().putValue("Plugin-Id", "adv-schema");
    manifest.getMainAttributes().putValue("Plugin-Version", "1.0.0");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file, manifest)) {
      out.putNextEntry(new JarEntry(PluginJar.EXTENSION_INDEX));
      out.write("test.Entry\n".getBytes(StandardCharsets.UTF_8));
      out.putNextEntry(new JarEntry(PluginJar.CONFIG_SCHEMA));
      out.write(("{\"description\": \"" + "x".repeat(2 * 1024 * 1024) + "\"}")
          .getBytes(StandardCharsets.UTF_8));
    }

    assertThatThrownBy(() -> PluginJar.read(jar, jar))
        .hasMessage(jar + ": refused: META-INF/dsh/config.schema.json is over the 1 MiB limit"
            + " for the files the host reads");
  }

  @Test
  void aDirectoryIsNamedAsOne() throws IOException {
    Path folder = Files.createDirectories(home.resolve("some-folder"));

    assertThatThrownBy(() -> new PluginLoader(home).load(folder))
        .hasMessage(folder + ": is a directory; give the plugin's jar file");
  }
}
