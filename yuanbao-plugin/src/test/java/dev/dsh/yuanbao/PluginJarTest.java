package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The packaged plugin jar. Runs in the {@code integration-test} phase (a second surefire
 * execution), after the shade plugin has written the jar at {@code package}.
 */
class PluginJarTest {

  private static JarFile jar() throws IOException {
    String path = System.getProperty("plugin.jar");
    assertThat(path).as("system property plugin.jar").isNotNull();
    assertThat(Path.of(path)).exists();
    return new JarFile(path);
  }

  private static String text(JarFile jar, String name) throws IOException {
    JarEntry entry = jar.getJarEntry(name);
    assertThat(entry).as(name).isNotNull();
    try (InputStream in = jar.getInputStream(entry)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void manifestNamesThePlugin() throws IOException {
    try (JarFile jar = jar()) {
      Attributes main = jar.getManifest().getMainAttributes();
      assertThat(main.getValue("Plugin-Id")).isEqualTo("dsh-web-search-yuanbao");
      assertThat(main.getValue("Plugin-Version")).isEqualTo("0.1.0");
      assertThat(main.getValue("Plugin-Requires")).isEqualTo(">=0.1.0");
      assertThat(main.getValue("Plugin-Provider")).isNotBlank();
    }
  }

  @Test
  void extensionIndexNamesTheEntry() throws IOException {
    try (JarFile jar = jar()) {
      List<String> lines =
          text(jar, "META-INF/extensions.idx")
              .lines()
              .filter(l -> !l.startsWith("#") && !l.isBlank())
              .toList();
      assertThat(lines).containsExactly("dev.dsh.yuanbao.YuanbaoPlugin");
    }
  }

  @Test
  void bundleLayerInsertsOnlyItsOwnRow() throws IOException {
    try (JarFile jar = jar()) {
      assertThat(text(jar, "META-INF/dsh/cordis.patch.yml").strip())
          .isEqualTo("- insert: [{id: web-search-yuanbao, name: dsh-web-search-yuanbao}]");
    }
  }

  @Test
  void onlyRelocatedJsoupIsBundled() throws IOException {
    try (JarFile jar = jar()) {
      List<String> classes =
          jar.stream().map(JarEntry::getName).filter(n -> n.endsWith(".class")).toList();
      assertThat(classes)
          .noneMatch(n -> n.startsWith("tools/jackson/") || n.startsWith("com/fasterxml/"))
          .noneMatch(n -> n.startsWith("org/pf4j/"))
          .noneMatch(n -> n.startsWith("org/slf4j/"))
          .noneMatch(n -> n.startsWith("dev/dsh/api/"))
          .noneMatch(n -> n.startsWith("org/jspecify/"))
          .noneMatch(n -> n.contains("org/jsoup/"))
          .allMatch(n -> n.startsWith("dev/dsh/yuanbao/"))
          .contains(
              "dev/dsh/yuanbao/internal/jsoup/Jsoup.class", "dev/dsh/yuanbao/YuanbaoPlugin.class");
      String cleaner =
          new String(
              jar.getInputStream(jar.getJarEntry("dev/dsh/yuanbao/PageReader.class"))
                  .readAllBytes(),
              StandardCharsets.ISO_8859_1);
      assertThat(cleaner)
          .contains("dev/dsh/yuanbao/internal/jsoup/Jsoup")
          .doesNotContain("org/jsoup/");
    }
  }

  @Test
  void embeddedConfigSchemaIsTheCommittedCopy() throws IOException {
    Path committed = GeneratedSchemaTest.committedDir().resolve(GeneratedSchemaTest.SCHEMA);
    try (JarFile jar = jar()) {
      JarEntry entry = jar.getJarEntry("META-INF/dsh/config.schema.json");
      assertThat(entry).as("META-INF/dsh/config.schema.json").isNotNull();
      byte[] embedded;
      try (InputStream in = jar.getInputStream(entry)) {
        embedded = in.readAllBytes();
      }
      assertThat(embedded)
          .withFailMessage(
              "the jar's META-INF/dsh/config.schema.json differs from %s; refresh the committed"
                  + " copy (see schema/generated/README.md)",
              committed.normalize())
          .isEqualTo(Files.readAllBytes(committed));
    }
  }

  @Test
  void versionResourceIsFiltered() throws IOException {
    try (JarFile jar = jar()) {
      assertThat(text(jar, "dev/dsh/yuanbao/plugin.properties").strip()).isEqualTo("version=0.1.0");
    }
    assertThat(Files.exists(Path.of(System.getProperty("plugin.jar")))).isTrue();
  }
}
