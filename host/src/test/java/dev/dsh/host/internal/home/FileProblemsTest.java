package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.model.FileAccessException.Kind;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The path and the OS reason, and the file type when that is the problem. A
 * read-only home cannot be reproduced as root, so the OS's own reasons are given as the JDK reports
 * them.
 */
class FileProblemsTest {

  @TempDir Path dir;

  @Test
  void theOsReasonIsGivenWithThePathOfTheFailure() {
    Path file = dir.resolve("plugins/.install-1.tmp");
    assertThat(
            FileProblems.describe(
                new FileSystemException(file.toString(), null, "Read-only file system"),
                dir.resolve("plugins"),
                Kind.FOLDER))
        .isEqualTo(file + ": Read-only file system");
    assertThat(FileProblems.describe(new AccessDeniedException(file.toString()), file, Kind.FILE))
        .isEqualTo(file + ": permission denied");
    assertThat(FileProblems.describe(new IOException("disk on fire"), file, Kind.FILE))
        .isEqualTo(file + ": disk on fire");
  }

  @Test
  void aFileWhereAFolderBelongsAndAFolderWhereAFileBelongsAreNamed() throws IOException {
    Path file = Files.writeString(dir.resolve("home"), "x");
    Path folder = Files.createDirectories(dir.resolve("store.json"));

    assertThat(
            FileProblems.describe(
                new FileSystemException(file.resolve("plugins").toString(), null, "Not a directory"),
                file.resolve("plugins"),
                Kind.FOLDER))
        .isEqualTo(file + " is a file, not a folder");
    assertThat(FileProblems.describe(new IOException("Is a directory"), folder, Kind.FILE))
        .isEqualTo(folder + " is a folder, not a file");
    IOException createFailed =
        org.junit.jupiter.api.Assertions.assertThrows(
            IOException.class, () -> Files.createDirectories(file));
    assertThat(FileProblems.describe(createFailed, file, Kind.FOLDER))
        .isEqualTo(file + " is a file, not a folder");
  }
}
