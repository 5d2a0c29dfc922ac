package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stamp changes with any write or replacement of the file, and only then. */
class FileStampTest {

  private static final FileTime OLD = FileTime.from(Instant.parse("2024-01-02T03:04:05Z"));

  @TempDir Path dir;

  @Test
  void anUntouchedFileKeepsItsStampAndTellsItsSizeAndTime() throws IOException {
    Path file = Files.writeString(dir.resolve("a.yml"), "bundles: []\n");
    Files.setLastModifiedTime(file, OLD);

    FileStamp stamp = FileStamp.of(file).orElseThrow();

    assertThat(FileStamp.of(file).orElseThrow()).isEqualTo(stamp).hasSameHashCodeAs(stamp);
    assertThat(stamp.size()).isEqualTo(12);
    assertThat(stamp.modified()).isEqualTo(OLD.toInstant());
  }

  @Test
  void aRewriteWithTheSameSizeAndTheTimeSetBackIsANewStamp() throws IOException {
    assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("unix"));
    Path file = Files.writeString(dir.resolve("a.jar"), "first");
    Files.setLastModifiedTime(file, OLD);
    FileStamp before = FileStamp.of(file).orElseThrow();

    Files.writeString(file, "other");
    Files.setLastModifiedTime(file, OLD);

    assertThat(FileStamp.of(file).orElseThrow()).isNotEqualTo(before);
  }

  @Test
  void aFileReplacedByRenameWithTheSameSizeAndTimeIsANewStamp() throws IOException {
    Path file = Files.writeString(dir.resolve("a.jar"), "first");
    Files.setLastModifiedTime(file, OLD);
    FileStamp before = FileStamp.of(file).orElseThrow();
    Path other = Files.writeString(dir.resolve("b.tmp"), "other");
    Files.setLastModifiedTime(other, OLD);

    Files.move(other, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

    assumeTrue(before.fileKey() != null, "the file system has file keys");
    assertThat(FileStamp.of(file).orElseThrow()).isNotEqualTo(before);
  }

  @Test
  void aMissingFileHasNoStamp() {
    Path missing = dir.resolve("missing.yml");

    assertThat(FileStamp.of(missing)).isEmpty();
  }
}
