package dev.dsh.host.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The copy's SHA-256 is remembered by the jar's stamp, and any change to the jar is hashed anew. */
class StableCopyHashTest {

  private static final String FAKE = "0".repeat(64);
  private static final Instant OLD = Instant.parse("2024-01-02T03:04:05Z");

  @TempDir Path work;

  private Path jar;
  private Path cache;
  private final StableCopy copier = new StableCopy(Duration.ZERO, Duration.ofSeconds(10));

  @BeforeEach
  void setUp() throws IOException {
    jar = work.resolve("plugins/p.jar");
    Files.createDirectories(jar.getParent());
    write(jar, "first content");
    cache = work.resolve(".cache/plugins");
  }

  @Test
  void theFirstCopyIsHashedAndItsHashRemembered() throws IOException {
    StableCopy.Copied copied = copier.copy(jar, cache);

    assertThat(copied.sha256()).isEqualTo(sha256("first content"));
    assertThat(Files.readString(copied.file())).isEqualTo("first content");
    assertThat(records()).hasSize(1);
    List<String> record = Files.readAllLines(records().get(0));
    assertThat(record).hasSize(3);
    assertThat(record.get(0)).isEqualTo(jar.toAbsolutePath().toString());
    assertThat(record.get(1)).as("the stamp starts with the size").startsWith("13 ");
    assertThat(record.get(2)).isEqualTo(sha256("first content"));
  }

  @Test
  void anUnchangedJarTakesTheRememberedHashInsteadOfHashingAgain() throws IOException {
    copier.copy(jar, cache);
    forgeRememberedHash(FAKE);

    StableCopy.Copied again = copier.copy(jar, cache);

    assertThat(again.sha256()).as("the record's hash, so no hashing").isEqualTo(FAKE);
    assertThat(Files.readString(again.file())).isEqualTo("first content");
  }

  @Test
  void aJarRewrittenInPlaceWithTheSameSizeAndTimeIsHashedAgain() throws IOException {
    assumeTrue(jar.getFileSystem().supportedFileAttributeViews().contains("unix"));
    copier.copy(jar, cache);
    forgeRememberedHash(FAKE);

    // Same inode, same size, modification time set back: only the change time tells.
    Files.writeString(jar, "other content", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(jar, FileTime.from(OLD));
    StableCopy.Copied copied = copier.copy(jar, cache);

    assertThat(copied.sha256()).isEqualTo(sha256("other content"));
    assertThat(Files.readString(copied.file())).isEqualTo("other content");
  }

  @Test
  void aJarReplacedByAnotherFileWithTheSameSizeAndTimeIsHashedAgain() throws IOException {
    copier.copy(jar, cache);
    forgeRememberedHash(FAKE);

    Path newer = work.resolve("newer.jar");
    write(newer, "other content");
    Files.move(newer, jar, StandardCopyOption.REPLACE_EXISTING);
    StableCopy.Copied copied = copier.copy(jar, cache);

    assertThat(copied.sha256()).isEqualTo(sha256("other content"));
  }

  @Test
  void aDamagedRecordIsIgnoredAndReplaced() throws IOException {
    copier.copy(jar, cache);
    Files.writeString(records().get(0), "not a record");

    StableCopy.Copied copied = copier.copy(jar, cache);

    assertThat(copied.sha256()).isEqualTo(sha256("first content"));
    assertThat(Files.readAllLines(records().get(0))).last().isEqualTo(sha256("first content"));
  }

  @Test
  void aRecordOfAnotherPathIsNotUsed() throws IOException {
    copier.copy(jar, cache);
    forgeRememberedHash(FAKE);
    Path record = records().get(0);
    List<String> lines = Files.readAllLines(record);
    Files.write(record, List.of(work.resolve("elsewhere.jar").toString(), lines.get(1), FAKE));

    assertThat(copier.copy(jar, cache).sha256()).isEqualTo(sha256("first content"));
  }

  private static void write(Path file, String content) throws IOException {
    Files.writeString(file, content, StandardCharsets.UTF_8);
    Files.setLastModifiedTime(file, FileTime.from(OLD));
  }

  private void forgeRememberedHash(String hash) throws IOException {
    Path record = records().get(0);
    List<String> lines = Files.readAllLines(record);
    Files.write(record, List.of(lines.get(0), lines.get(1), hash));
  }

  private List<Path> records() throws IOException {
    try (Stream<Path> files = Files.list(work.resolve(".cache/plugin-hashes"))) {
      return files.toList();
    }
  }

  private static String sha256(String content) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(content.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
