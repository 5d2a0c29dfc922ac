package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files and folders only their owner can read; a file is replaced in one step, nothing left over. */
class OwnerOnlyFilesTest {

  @TempDir Path dir;

  private boolean posix() {
    return dir.getFileSystem().supportedFileAttributeViews().contains("posix");
  }

  private static String mode(Path path) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  private static long count(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.count();
    }
  }

  @Test
  void aReplacedFileHoldsTheNewContentOwnerOnlyAndNoTemporaryFileIsLeft() throws IOException {
    assumeTrue(posix());
    Path target = Files.writeString(dir.resolve("profile.yml"), "old");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));

    OwnerOnlyFiles.replace(target, "new".getBytes());

    assertThat(target).hasContent("new");
    assertThat(mode(target)).isEqualTo("rw-------");
    assertThat(count(dir)).isEqualTo(1);
  }

  @Test
  void aFailedWriteLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
    Path target = Files.writeString(dir.resolve("x.jar"), "old");

    assertThatThrownBy(() -> OwnerOnlyFiles.replace(target, temp -> {
          Files.writeString(temp, "half");
          throw new IOException("disk full");
        }))
        .hasMessage("disk full");
    assertThat(target).hasContent("old");
    assertThat(count(dir)).isEqualTo(1);
  }

  @Test
  void temporaryFilesAreNewOwnerOnlyAndNamedByPrefix() throws IOException {
    Path first = OwnerOnlyFiles.createTemp(dir, "incoming-");
    Path second = OwnerOnlyFiles.createTemp(dir, "incoming-");

    assertThat(first).isNotEqualTo(second).isEmptyFile();
    assertThat(first.getFileName().toString())
        .startsWith("incoming-")
        .endsWith(".tmp");
    if (posix()) {
      assertThat(mode(second)).isEqualTo("rw-------");
    }
  }

  @Test
  void aFolderIsCreatedOwnerOnlyAndAnExistingFileIsLeftAsItIs() throws IOException {
    assumeTrue(posix());
    Path folder = dir.resolve("a/b");
    OwnerOnlyFiles.createFolder(folder);
    Path lock = Files.writeString(folder.resolve("store.lock"), "held");

    OwnerOnlyFiles.createFile(lock);
    OwnerOnlyFiles.createFile(folder.resolve("new.lock"));

    assertThat(mode(folder)).isEqualTo("rwx------");
    assertThat(lock).hasContent("held");
    assertThat(mode(folder.resolve("new.lock"))).isEqualTo("rw-------");
  }
}
