package dev.dsh.app.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Copies of the repository's layout for {@link RealLauncher}: the launcher script and empty
 * source folders, all older than the built host jar, so the launcher never starts a build of its
 * own. Each returns the copy's root, where its {@code dsh} is.
 */
final class LauncherCopies {

  private static final String SHARED_COPY = "launcher-repo";
  private static final String LAYOUT_LOCK = "launcher-repo.lock";

  private LauncherCopies() {}

  /** A copy under {@code work} whose {@code host-demo/target} links to the real one. */
  static Path linkedTo(Path work) throws IOException {
    Path root = layOut(work);
    Files.createSymbolicLink(root.resolve("host-demo/target"), realTarget());
    return root;
  }

  /** A copy under {@code work} with a copy of the distribution and no archive. */
  static Path withOwnDistribution(Path work) throws IOException {
    Path root = layOut(work);
    Path real = realTarget();
    Path target = Files.createDirectories(root.resolve("host-demo/target"));
    try (Stream<Path> jars = Files.list(real)) {
      for (Path jar : jars.filter(p -> p.getFileName().toString().matches("dsh-app-.*\\.jar")).toList()) {
        Files.copy(jar, target.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    for (String dir : List.of("dist/lib", "dist/bundled-plugins")) {
      Path copy = Files.createDirectories(target.resolve(dir));
      try (Stream<Path> files = Files.list(real.resolve(dir))) {
        for (Path file : files.toList()) {
          Files.copy(file, copy.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    return root;
  }

  private static Path realTarget() throws IOException {
    return Path.of(System.getProperty("dsh.launcher")).toRealPath().getParent()
        .resolve("host-demo/target").toRealPath();
  }

  /**
   * The copy in the real {@code host-demo/target}, linked to it, laid out once per build: under a
   * file lock, as the test JVMs may ask at the same time, and again when an earlier build left one
   * of another launcher script.
   */
  static synchronized Path shared() throws IOException {
    Path target = realTarget();
    Path root = target.resolve(SHARED_COPY).resolve("repo");
    Path real = Path.of(System.getProperty("dsh.launcher")).toRealPath();
    try (FileChannel lock = FileChannel.open(target.resolve(LAYOUT_LOCK),
        StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      lock.lock(); // released as the channel closes
      if (Files.isRegularFile(root.resolve("dsh"))
          && Files.mismatch(real, root.resolve("dsh")) == -1
          && Files.isSymbolicLink(root.resolve("host-demo/target"))) {
        return root;
      }
      deleteTree(target.resolve(SHARED_COPY));
      layOut(target.resolve(SHARED_COPY));
      Files.createSymbolicLink(root.resolve("host-demo/target"), target);
      return root;
    }
  }

  private static void deleteTree(Path folder) throws IOException {
    if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(folder)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  private static Path layOut(Path work) throws IOException {
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
    return root;
  }

}
