package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.testing.UnwritableFolder;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A write into a home that cannot be written names the folder and the fix. */
class HomeWriteFailuresTest {

  @TempDir Path dir;

  @Test
  void aFolderThatCannotBeWrittenIsNamedWithTheFix() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home"));
    try (UnwritableFolder locked = UnwritableFolder.make(home)) {
      IOException failure = writeFails(home.resolve(".cache/plugins"));

      FileAccessException error = FileProblems.writeFailed(
          "cannot load the plugins", failure, home.resolve(".cache/plugins"), FileAccessException.Kind.FOLDER);

      assertThat(error.getMessage()).isEqualTo("cannot load the plugins: " + home
          + " is not writable (" + FileProblems.reason(failure) + "); make it writable, or use"
          + " another home folder with --home DIR");
    }
  }

  @Test
  void aFileToReplaceInAFolderThatCannotBeWrittenNamesTheFolder() throws IOException {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path store = Files.writeString(home.resolve("credentials.json"), "{}");
    try (UnwritableFolder locked = UnwritableFolder.make(home)) {
      FileAccessException error = FileProblems.writeFailed("cannot write the credential store",
          writeFails(home.resolve("credentials.json.lock")), store, FileAccessException.Kind.FILE);

      assertThat(error.getMessage()).contains(": " + home + " is not writable (")
          .endsWith(FileProblems.FIX);
    }
  }

  @Test
  void anyOtherFailureIsToldAsFileProblemsTellsIt() throws IOException {
    Path file = Files.writeString(dir.resolve("plugins"), "a file where a folder belongs");

    FileAccessException error = FileProblems.writeFailed("could not install x.jar",
        new FileSystemException(file.toString()), file, FileAccessException.Kind.FOLDER);

    assertThat(error.getMessage()).isEqualTo("could not install x.jar: " + file + " is a file, not a folder");
  }

  private static IOException writeFails(Path folder) {
    try {
      Files.createDirectories(folder);
    } catch (IOException e) {
      return e;
    }
    throw new AssertionError(folder + " could be created");
  }
}
