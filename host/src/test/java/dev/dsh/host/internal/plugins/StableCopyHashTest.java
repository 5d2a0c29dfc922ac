package dev.dsh.host.internal.plugins;

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

/**
 * A jar is found by its stamp among the checked copies without being read; any change to the jar
 * misses, and the jar is copied and hashed anew.
 */
class StableCopyHashTest {

  private static final String FAKE = "0".repeat(64);
  private static final Instant OLD = Instant.parse("2024-01-02T03:04:05Z");

  @TempDir Path work;

  private Path jar;
  private CheckedCopies copies;
  private final StableCopy copier = new StableCopy(Duration.ZERO, Duration.ofSeconds(10));

  @BeforeEach
  void setUp() throws IOException {
    jar = work.resolve("plugins/p.jar");
    Files.createDirectories(jar.getParent());
    write(jar, "first content");
    copies = new CheckedCopies(work.resolve(".cache/plugins"));
  }

  @Test
  void theFirstCopyIsHashedAndLeftToBeChecked() throws IOException {
    StableCopy.Copied copied = copier.copy(jar, copies);

    assertThat(copied.sha256()).isEqualTo(sha256("first content"));
    assertThat(copied.checked()).isFalse();
    assertThat(Files.readString(copied.file())).isEqualTo("first content");
    assertThat(copied.file().getFileName().toString()).startsWith("incoming-").endsWith(".tmp");
  }

  @Test
  void anUnchangedJarIsFoundByItsStampWithoutHashingAgain() throws IOException {
    assumeTrue(jar.getFileSystem().supportedFileAttributeViews().contains("unix"));
    Path kept = keepUnderFakeHash(copier.copy(jar, copies));

    StableCopy.Copied again = copier.copy(jar, copies);

    assertThat(again.sha256()).as("the name's hash, so no hashing").isEqualTo(FAKE);
    assertThat(again.checked()).isTrue();
    assertThat(again.file()).isEqualTo(kept);
    assertThat(files()).containsExactly(kept);
  }

  @Test
  void aJarRewrittenInPlaceWithTheSameSizeAndTimeIsHashedAgain() throws IOException {
    assumeTrue(jar.getFileSystem().supportedFileAttributeViews().contains("unix"));
    keepUnderFakeHash(copier.copy(jar, copies));

    // Same inode, same size, modification time set back: only the change time tells.
    Files.writeString(jar, "other content", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(jar, FileTime.from(OLD));
    StableCopy.Copied copied = copier.copy(jar, copies);

    assertThat(copied.sha256()).isEqualTo(sha256("other content"));
    assertThat(copied.checked()).isFalse();
    assertThat(Files.readString(copied.file())).isEqualTo("other content");
  }

  @Test
  void aJarReplacedByAnotherFileWithTheSameSizeAndTimeIsHashedAgain() throws IOException {
    keepUnderFakeHash(copier.copy(jar, copies));

    Path newer = work.resolve("newer.jar");
    write(newer, "other content");
    Files.move(newer, jar, StandardCopyOption.REPLACE_EXISTING);
    StableCopy.Copied copied = copier.copy(jar, copies);

    assertThat(copied.sha256()).isEqualTo(sha256("other content"));
    assertThat(copied.checked()).isFalse();
  }

  @Test
  void filesInTheCacheNotNamedAsACopyAreIgnored() throws IOException {
    assumeTrue(jar.getFileSystem().supportedFileAttributeViews().contains("unix"));
    Path kept = keepUnderFakeHash(copier.copy(jar, copies));
    String stamp = kept.getFileName().toString().replaceFirst(".*-", "").replace(".jar", "");
    Files.delete(kept);
    // A short hash, a capital in the hash, no plugin id: none of them is a copy's name.
    for (String name : List.of("p-0123-" + stamp + ".jar", "p-" + "A".repeat(64) + "-" + stamp
        + ".jar", "-" + FAKE + "-" + stamp + ".jar")) {
      Files.writeString(kept.resolveSibling(name), "not a copy");
    }

    StableCopy.Copied copied = copier.copy(jar, copies);

    assertThat(copied.sha256()).isEqualTo(sha256("first content"));
    assertThat(copied.checked()).isFalse();
  }

  @Test
  void theCopyOfAnotherJarIsNotTaken() throws IOException {
    Path other = work.resolve("plugins/other.jar");
    write(other, "first content");
    keepUnderFakeHash(copier.copy(other, copies));

    StableCopy.Copied copied = copier.copy(jar, copies);

    assertThat(copied.sha256()).isEqualTo(sha256("first content"));
    assertThat(copied.checked()).isFalse();
  }

  private static void write(Path file, String content) throws IOException {
    Files.writeString(file, content, StandardCharsets.UTF_8);
    Files.setLastModifiedTime(file, FileTime.from(OLD));
  }

  /** Moves the fresh copy in as if it had passed the check, under a hash no jar has. */
  private Path keepUnderFakeHash(StableCopy.Copied copied) {
    return copies.keep(copied.file(), "p", FAKE, copied.stamp(), jar);
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> files = Files.list(copies.dir())) {
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
