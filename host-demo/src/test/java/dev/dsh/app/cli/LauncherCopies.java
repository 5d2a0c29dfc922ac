package dev.dsh.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

/**
 * Installs of dsh for {@link RealLauncher}: a copy of the repository's layout (its {@code ./dsh}
 * and empty source folders, all older than the built distribution, so it never starts a build of
 * its own), or the built archive unpacked as a user would.
 */
final class LauncherCopies {

  /** The folder, under a test's folder, of the commands put first on {@code PATH}. */
  static final String STUBS = "path-stubs";
  /** The file the stub {@code mvn} writes when it is called, under a test's folder. */
  static final String MAVEN_CALLED = "mvn-was-called";

  private LauncherCopies() {}

  /** A copy under {@code work} whose {@code host-demo/target} links to the real one. */
  static Path linkedTo(Path work) throws IOException {
    Path real = Path.of(System.getProperty("dsh.launcher")).toRealPath();
    Path root = Files.createDirectories(work.resolve("repo"));
    Path launcher = root.resolve("dsh");
    Files.copy(real, launcher);
    Files.createDirectories(root.resolve("host-demo"));
    FileTime old = FileTime.from(Instant.parse("2000-01-01T00:00:00Z"));
    for (String dir : List.of("picocli", "plugin-api", "schema", "yuanbao-plugin", "host", "serve")) {
      Files.setLastModifiedTime(Files.createDirectories(root.resolve(dir)), old);
    }
    Files.setLastModifiedTime(Files.writeString(root.resolve("pom.xml"), ""), old);
    Files.setLastModifiedTime(launcher, old);
    Files.createSymbolicLink(root.resolve("host-demo/target"),
        real.getParent().resolve("host-demo/target").toRealPath());
    return root;
  }

  /**
   * {@code archive} (a {@code .tar.gz}) unpacked under {@code work} with tar, every file and folder
   * of it made read-only, and a {@code mvn} first on the test's {@code PATH} that only records its
   * call; returns the archive's one folder.
   */
  static Path unpacked(Path work, Path archive) throws IOException, InterruptedException {
    Path install = Files.createDirectories(work.resolve("install"));
    run("tar", "-xzf", archive.toString(), "-C", install.toString());
    Path root;
    try (Stream<Path> folders = Files.list(install)) {
      root = folders.reduce((a, b) -> {
        throw new IllegalStateException("the archive holds more than one folder: " + a + ", " + b);
      }).orElseThrow();
    }
    run("chmod", "-R", "a-w", install.toString());
    Path mvn = Files.createDirectories(work.resolve(STUBS)).resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\n: > '" + work.resolve(MAVEN_CALLED) + "'\nexit 1\n");
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    return root;
  }

  private static void run(String... command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes());
    if (process.waitFor() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + output);
    }
  }
}
