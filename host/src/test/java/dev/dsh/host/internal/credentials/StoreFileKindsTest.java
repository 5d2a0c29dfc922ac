package dev.dsh.host.internal.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the store itself: a store that is a symbolic link is written
 * through to its target; a store others can read is used with a warning and the fix; a folder (or
 * a file above the store) is named as the problem. The cases fail for root too: file types, not
 * permission bits, are what goes wrong.
 */
class StoreFileKindsTest {

  private static final CredentialRef KEY = CredentialRef.of("TENCENTCLOUD_WSA_APIKEY");
  private static final CredentialRef OTHER = CredentialRef.of("OTHER_KEY");

  @TempDir Path dir;

  private final List<String> warnings = new CopyOnWriteArrayList<>();

  private FileCredentialStore store(Path file) {
    return new FileCredentialStore(file, warnings::add);
  }

  private static boolean posix() {
    return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
  }

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  // --- symbolic links ---

  @Test
  void aStoreThatIsASymlinkIsWrittenThroughToTheSharedFileAndStaysALink() throws IOException {
    Path common = Files.createDirectories(dir.resolve("common"));
    Path target = common.resolve("credentials.json");
    store(target).write(OTHER, "sk-already-shared");
    Path home = Files.createDirectories(dir.resolve("home"));
    Path link = Files.createSymbolicLink(home.resolve("credentials.json"), target);

    store(link).write(KEY, "sk-through-the-link");

    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readSymbolicLink(link)).isEqualTo(target);
    FileCredentialStore direct = store(target);
    assertThat(direct.read(KEY)).contains("sk-through-the-link");
    assertThat(direct.read(OTHER)).contains("sk-already-shared");
    // The lock and the temporary file live beside the target; nothing is left beside the link.
    assertThat(names(home)).containsExactly("credentials.json");
    assertThat(names(common)).containsExactly("credentials.json", "credentials.json.lock");
    if (posix()) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target)))
          .isEqualTo("rw-------");
    }
  }

  @Test
  void aRelativeChainOfLinksIsFollowedAndADanglingOneCreatesItsTarget() throws IOException {
    Path common = Files.createDirectories(dir.resolve("common"));
    Path home = Files.createDirectories(dir.resolve("home"));
    Path middle = Files.createSymbolicLink(home.resolve("middle.json"), Path.of("../common/keys.json"));
    Path link = Files.createSymbolicLink(home.resolve("credentials.json"), Path.of("middle.json"));
    assertThat(Files.exists(link)).isFalse();

    store(link).write(KEY, "sk-new");

    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.isSymbolicLink(middle)).isTrue();
    assertThat(store(common.resolve("keys.json")).read(KEY)).contains("sk-new");
    assertThat(store(link).read(KEY)).contains("sk-new");
  }

  @Test
  void aLinkLoopIsNamedAndNothingIsWritten() throws IOException {
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    Files.createSymbolicLink(a, b);
    Files.createSymbolicLink(b, a);

    assertThatThrownBy(() -> store(a).write(KEY, "sk-x"))
        .isInstanceOf(FileAccessException.class)
        .hasMessage(
            "cannot write the credential store " + a + ": " + a + ": too many levels of symbolic links");
    assertThat(Files.isSymbolicLink(a)).isTrue();
  }

  // --- permissions ---

  @Test
  void aStoreOthersCanReadIsUsedWithAWarningAndTheChmodFix() throws IOException {
    assumeTrue(posix());
    Path file = dir.resolve("credentials.json");
    FileCredentialStore store = store(file);
    store.write(KEY, "sk-open");
    assertThat(warnings).isEmpty();

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    assertThat(store.read(KEY)).contains("sk-open");
    assertThat(store.read(KEY)).contains("sk-open");

    assertThat(warnings)
        .containsExactly(
            "warning: credential store "
                + file
                + " is accessible by its group and others (permissions rw-r--r--); it holds"
                + " secrets and should be readable by you only: chmod 600 "
                + file);

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    store.read(KEY);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
    store.refs();
    assertThat(warnings).hasSize(2);
    assertThat(warnings.get(1)).contains("is accessible by its group (permissions rw-r-----)");
    assertThat(String.join("\n", warnings)).doesNotContain("sk-open");
  }

  @Test
  void theWarningForALinkedStoreNamesThePathTheUserGaveQuotedForTheShell() throws IOException {
    assumeTrue(posix());
    Path target = Files.createDirectories(dir.resolve("common")).resolve("creds.json");
    store(target).write(KEY, "sk-open");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw-rw-"));
    Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("my home")).resolve("credentials.json"), target);

    store(link).read(KEY);

    assertThat(warnings).singleElement().asString()
        .contains("is accessible by its group and others (permissions rw-rw-rw-)")
        .endsWith("chmod 600 '" + link + "'");
  }

  // --- folders ---

  @Test
  void aFolderWhereTheStoreBelongsIsNamedForReadsAndWrites() throws IOException {
    Path file = Files.createDirectories(dir.resolve("credentials.json"));
    FileCredentialStore store = store(file);
    String expected =
        "credential store "
            + file
            + " is a folder, not a file; remove it, or point the credentials row's store at a file";

    assertThatThrownBy(() -> store.read(KEY)).isInstanceOf(FileAccessException.class).hasMessage(expected);
    assertThatThrownBy(store::refs).hasMessage(expected);
    assertThatThrownBy(() -> store.write(KEY, "sk-x")).hasMessage(expected);
    assertThatThrownBy(() -> store.remove(KEY)).hasMessage(expected);
    assertThat(Files.isDirectory(file)).isTrue();
  }

  @Test
  void aFileWhereTheStoresFolderBelongsIsNamed() throws IOException {
    Path notAFolder = Files.writeString(dir.resolve("home"), "a file");
    FileCredentialStore store = store(notAFolder.resolve("credentials.json"));

    assertThatThrownBy(() -> store.write(KEY, "sk-x"))
        .isInstanceOf(FileAccessException.class)
        .hasMessage(
            "cannot write the credential store "
                + notAFolder.resolve("credentials.json")
                + ": "
                + notAFolder
                + " is a file, not a folder");
    assertThatThrownBy(() -> store.read(KEY))
        .hasMessage(
            "cannot read the credential store "
                + notAFolder.resolve("credentials.json")
                + ": "
                + notAFolder
                + " is a file, not a folder");
  }
}
