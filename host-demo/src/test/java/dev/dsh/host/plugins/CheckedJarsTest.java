package dev.dsh.host.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Collections;
import java.util.HexFormat;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A jar's CRC pass runs once per content: the hash that passed it is remembered by the path. */
class CheckedJarsTest {

  private static final String PROBE = "a stored entry whose bytes are damaged after writing";

  @TempDir Path work;

  private Path home;
  private Path plugins;
  private PluginLoader loader;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    plugins = Files.createDirectories(home.resolve("plugins"));
    loader = new PluginLoader(home, Duration.ZERO);
  }

  @AfterEach
  void tearDown() {
    loader.close();
  }

  @Test
  void aLoadedJarIsRememberedAsCheckedByItsPathAndHash() throws IOException {
    Path jar = TestPluginJars.plugin(work, "dsh-good", "good").buildTo(plugins.resolve("good.jar"));

    loader.load(jar);

    assertThat(record(jar)).hasContent(sha256(jar));
  }

  @Test
  void aJarFailingTheCheckIsRefusedAndNotRemembered() throws IOException {
    Path damaged =
        damagedCopyOf(
            TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar")));

    assertThatThrownBy(() -> loader.load(damaged))
        .isInstanceOfSatisfying(
            PluginLoadException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(PluginLoadException.Reason.CORRUPT);
              assertThat(e).hasMessageContaining("probe.txt fails its CRC check");
            });
    assertThat(record(damaged)).doesNotExist();
  }

  @Test
  void bytesRememberedAsCheckedAreNotInflatedAgain() throws IOException {
    Path damaged =
        damagedCopyOf(
            TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar")));
    // As if these very bytes had passed the check at an earlier start: the pass is skipped, so the
    // damaged entry (which PF4J never reads) goes unnoticed and the plugin loads.
    new CheckedJars(home.resolve(".cache/plugin-checked")).remember(damaged, sha256(damaged));

    assertThat(loader.load(damaged).id()).isEqualTo("dsh-probe");
  }

  @Test
  void aPathKeepsOneRecordHoldingItsLastCheckedHash() throws IOException {
    Path dir = work.resolve("checked");
    Path jar = plugins.resolve("p.jar");
    CheckedJars checked = new CheckedJars(dir);
    checked.remember(jar, "../escape");
    checked.remember(jar, "A".repeat(64));
    assertThat(dir).doesNotExist();
    assertThat(checked.contains(jar, "../escape")).isFalse();

    checked.remember(jar, "0".repeat(64));
    assertThat(checked.contains(jar, "0".repeat(64))).isTrue();
    assertThat(checked.contains(jar, "1".repeat(64))).isFalse();
    assertThat(checked.contains(plugins.resolve("other.jar"), "0".repeat(64))).isFalse();

    checked.remember(jar, "1".repeat(64));
    assertThat(checked.contains(jar, "1".repeat(64))).isTrue();
    assertThat(checked.contains(jar, "0".repeat(64))).isFalse();
    try (Stream<Path> records = Files.list(dir)) {
      assertThat(records).hasSize(1);
    }
  }

  /** Where {@link CheckedJars} keeps its record of {@code jar}. */
  private Path record(Path jar) {
    String key = jar.toAbsolutePath().normalize().toString();
    return home.resolve(".cache/plugin-checked").resolve(String.format("%08x.txt", key.hashCode()));
  }

  /** {@code good} with one more entry, stored, whose bytes no longer match its CRC. */
  private Path damagedCopyOf(Path good) throws IOException {
    Path target = plugins.resolve("probe.jar");
    byte[] text = PROBE.getBytes(StandardCharsets.UTF_8);
    try (ZipFile in = new ZipFile(good.toFile());
        ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(target))) {
      for (ZipEntry entry : Collections.list(in.entries())) {
        out.putNextEntry(new ZipEntry(entry.getName()));
        try (InputStream bytes = in.getInputStream(entry)) {
          bytes.transferTo(out);
        }
        out.closeEntry();
      }
      ZipEntry stored = new ZipEntry("probe.txt");
      stored.setMethod(ZipEntry.STORED);
      stored.setSize(text.length);
      CRC32 crc = new CRC32();
      crc.update(text);
      stored.setCrc(crc.getValue());
      out.putNextEntry(stored);
      out.write(text);
      out.closeEntry();
    }
    byte[] bytes = Files.readAllBytes(target);
    int at = indexOf(bytes, text);
    assertThat(at).as("the stored entry's bytes").isNotNegative();
    bytes[at] ^= 1;
    Files.write(target, bytes);
    return target;
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= bytes.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (bytes[i + j] != part[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  private static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
