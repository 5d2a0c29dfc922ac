package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.app.cli.ArchiveProbe.Identity;
import dev.dsh.host.model.HostVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through {@code bin/dsh}: an archive in the cache folder someone else could have written is
 * refused in one line and made again over, once, then mapped by the later starts; one whose key
 * file is a folder is refused at each start and never made again.
 *
 * <p>Each test lays a stand-in archive and key in a cache folder of its own: it is refused on its
 * owner, its mode or its key before anything of it is read. One archive is made, by the launcher,
 * for the refusal on the mode; the refusal on the owner is shown with its making held off by the
 * launcher's marker of a failed making. A separate class from {@link ArchiveLauncherIT} so the two
 * run in parallel, each on its own unpacked distribution.
 */
class ArchiveRefusalLauncherIT {

  @TempDir static Path shared;
  private static RealLauncher launcher;
  private Path cache;
  private Path archive;
  private Path key;

  @BeforeAll
  static void unpackTheDistribution() throws Exception {
    launcher = RealLauncher.unpacked(shared);
  }

  @BeforeEach
  void aStandInArchiveAndKey() throws Exception {
    cache = shared.resolve("cache-" + System.nanoTime());
    archive = launcher.archive(Files.createDirectories(cache.resolve("dsh")));
    key = archive.resolveSibling(archive.getFileName() + ".key");
    Files.write(archive, new byte[64 * 1024]);
    Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("r--r--r--"));
    Files.writeString(key, "a stand-in key\n");
  }

  @Test
  void anArchiveAnotherUserOwnsIsRefusedInOneLine() throws Exception {
    Path mine = Files.createFile(shared.resolve("owned-by-me-" + System.nanoTime()));
    assumeTrue((Integer) Files.getAttribute(mine, "unix:uid") == 0,
        "only root can give a file to another user");
    UserPrincipal nobody =
        archive.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Files.setOwner(archive, nobody);
    int uid = (Integer) Files.getAttribute(archive, "unix:uid");
    Files.writeString(archive.resolveSibling(archive.getFileName() + ".failed"), "");

    assertRefusedInOneLine("another user (uid " + uid + ") owns it, and the JVM would run its code");
  }

  @Test
  void anArchiveGroupOrOthersCanWriteIsRefusedInOneLineAndMadeAgainOnce() throws Exception {
    Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-rw-r--"));
    Map<String, String> env = Map.of("XDG_CACHE_HOME", cache.toString());

    assertRefusedInOneLine("group or others can write it, and the JVM would run its code");
    assertThat(key).isNotEmptyFile();
    Identity made = Identity.of(archive);

    RealLauncher.Result second = launcher.run(env, "--version");

    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(second.err()).as("said once").isEmpty();
    assertThat(Identity.of(archive)).as("not made again").isEqualTo(made);
    assertThat(ArchiveProbe.mapsWithLog(launcher, shared, env))
        .contains("Opened archive " + archive + ".");
  }

  @Test
  void aFolderInPlaceOfTheKeyFileIsRefusedAtEachStartNeverMadeAgain() throws Exception {
    Identity before = Identity.of(archive);
    Files.delete(key);
    Files.writeString(Files.createDirectory(key).resolve("something"), "x");

    assertRefusedInOneLine("its key file " + key + " is a folder");
    assertRefusedInOneLine("its key file " + key + " is a folder");
    assertThat(Identity.of(archive)).isEqualTo(before);
  }

  /** A start says the refusal in one line and nothing else. */
  private void assertRefusedInOneLine(String reason) throws Exception {
    RealLauncher.Result result =
        launcher.run(Map.of("XDG_CACHE_HOME", cache.toString()), "--version");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).isEqualTo("dsh " + HostVersion.current() + "\n");
    assertThat(result.err()).isEqualTo(
        "dsh: not using the class-data-sharing archive " + archive + ": " + reason + "\n");
  }
}
