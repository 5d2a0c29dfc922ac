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
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A jar's CRC pass runs once per content: the hash of a jar that passed it is remembered. */
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
  void aLoadedJarIsRememberedAsCheckedByItsHash() throws IOException {
    Path jar = TestPluginJars.plugin(work, "dsh-good", "good").buildTo(plugins.resolve("good.jar"));

    loader.load(jar);

    assertThat(marker(jar)).isRegularFile();
    assertThat(Files.size(marker(jar))).isZero();
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
    assertThat(marker(damaged)).doesNotExist();
  }

  @Test
  void bytesRememberedAsCheckedAreNotInflatedAgain() throws IOException {
    Path damaged =
        damagedCopyOf(
            TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar")));
    // As if these very bytes had passed the check at an earlier start: the pass is skipped, so the
    // damaged entry (which PF4J never reads) goes unnoticed and the plugin loads.
    Files.createDirectories(marker(damaged).getParent());
    Files.createFile(marker(damaged));

    assertThat(loader.load(damaged).id()).isEqualTo("dsh-probe");
  }

  @Test
  void aHashThatIsNotOneNeverMatchesAMarker() throws IOException {
    CheckedJars checked = new CheckedJars(work.resolve("checked"));
    checked.remember("../escape");
    checked.remember("A".repeat(64));

    assertThat(work.resolve("checked")).doesNotExist();
    assertThat(checked.contains("../escape")).isFalse();
    checked.remember("0".repeat(64));
    assertThat(checked.contains("0".repeat(64))).isTrue();
    assertThat(checked.contains("1".repeat(64))).isFalse();
  }

  private Path marker(Path jar) throws IOException {
    return home.resolve(".cache/plugin-checked").resolve(sha256(jar));
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
