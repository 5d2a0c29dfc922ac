package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.app.cli.ArchiveProbe.Identity;
import dev.dsh.host.model.HostVersion;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the real {@code ./dsh}: an archive someone else could have written,
 * or one whose key file is a folder, is refused in one line for a private archive in the cache
 * folder, made once and mapped by the later starts.
 *
 * <p>The launcher runs a copy of the distribution whose {@code dsh.jsa} is a stand-in: it is
 * refused on its owner, its mode or its key before anything of it is read, so no archive is made
 * for it. One private archive is made, by the launcher, for the refusal on the mode; the other
 * refusals' lines are shown with its making held off. A separate class from {@link
 * ArchiveLauncherIT} so the two run in parallel, each on its own distribution.
 */
class ArchiveRefusalLauncherIT {

  @TempDir static Path shared;
  private static RealLauncher launcher;
  private static Path archive;
  private static Path key;

  @BeforeAll
  static void copyTheDistribution() throws Exception {
    launcher = RealLauncher.withOwnDistribution(shared);
    archive = launcher.dist().resolve("dsh.jsa");
    key = launcher.dist().resolve("dsh.jsa.key");
  }

  @BeforeEach
  void aStandInArchiveAndKey() throws Exception {
    Files.deleteIfExists(archive);
    Files.write(archive, new byte[64 * 1024]);
    Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("r--r--r--"));
    Files.writeString(key, "a stand-in key\n");
  }

  @Test
  void anArchiveAnotherUserOwnsIsRefusedInOneLineForAPrivateOne() throws Exception {
    Path mine = Files.createFile(shared.resolve("owned-by-me"));
    assumeTrue((Integer) Files.getAttribute(mine, "unix:uid") == 0,
        "only root can give a file to another user");
    UserPrincipal nobody =
        archive.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Files.setOwner(archive, nobody);
    int uid = (Integer) Files.getAttribute(archive, "unix:uid");

    assertRefusedInOneLine("another user (uid " + uid + ") owns it, and the JVM would run its code");
  }

  @Test
  void anArchiveGroupOrOthersCanWriteIsRefusedInOneLineForAPrivateOne() throws Exception {
    Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-rw-r--"));

    assertRefusedForAPrivateOne("group or others can write it, and the JVM would run its code");
  }

  @Test
  void aFolderInPlaceOfTheKeyFileIsSaidOnceNotRetrainedAtEveryStart() throws Exception {
    Identity before = Identity.of(archive);
    Files.delete(key);
    Files.writeString(Files.createDirectory(key).resolve("something"), "x");
    try {
      assertRefusedInOneLine("its key file " + key + " is a folder");
      assertThat(Identity.of(archive)).isEqualTo(before);
    } finally {
      Files.delete(key.resolve("something"));
      Files.delete(key);
    }
  }

  /**
   * The refusal said in one line, for a private archive whose making its failure marker holds off:
   * what the line says does not need a making (one is shown by {@link #assertRefusedForAPrivateOne}).
   */
  private static void assertRefusedInOneLine(String reason) throws Exception {
    Path cache = shared.resolve("cache-" + System.nanoTime());
    Process name = new ProcessBuilder("bash", "-c",
        "read -r crc _ < <(cksum <<<\"$1\"); echo \"dsh-$crc.jsa.failed\"", "_",
        launcher.dist().toString()).start();
    String marker = new String(name.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(name.waitFor()).isZero();
    Files.writeString(Files.createDirectories(cache.resolve("dsh")).resolve(marker), "");

    RealLauncher.Result result = launcher.run(Map.of("XDG_CACHE_HOME", cache.toString()), "--version");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).isEqualTo("dsh " + HostVersion.current() + "\n");
    assertThat(result.err()).isEqualTo("dsh: not using the class-data-sharing archive " + archive
        + ": " + reason + "; making a private one in " + cache.resolve("dsh") + "\n");
  }

  private static void assertRefusedForAPrivateOne(String reason) throws Exception {
    Path cache = shared.resolve("cache-" + System.nanoTime());
    Map<String, String> env = Map.of("XDG_CACHE_HOME", cache.toString());

    RealLauncher.Result first = launcher.run(env, "--version");

    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).isEqualTo("dsh " + HostVersion.current() + "\n");
    assertThat(first.err()).isEqualTo("dsh: not using the class-data-sharing archive " + archive
        + ": " + reason + "; making a private one in " + cache.resolve("dsh") + "\n");
    Path privateArchive;
    try (Stream<Path> files = Files.list(cache.resolve("dsh"))) {
      privateArchive = files.filter(f -> f.getFileName().toString().matches("dsh-[0-9]+\\.jsa"))
          .findFirst().orElseThrow();
    }
    assertThat(privateArchive.resolveSibling(privateArchive.getFileName() + ".key")).isNotEmptyFile();
    Identity made = Identity.of(privateArchive);

    RealLauncher.Result second = launcher.run(env, "--version");

    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(second.err()).as("said once").isEmpty();
    assertThat(Identity.of(privateArchive)).as("not made again").isEqualTo(made);
    assertThat(ArchiveProbe.mapsWithLog(launcher, shared, env))
        .contains("Opened archive " + privateArchive + ".");
  }
}
