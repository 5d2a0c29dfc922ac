package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;

/** What the archive tests ask of a file and of a start: its identity, and what the JVM mapped. */
final class ArchiveProbe {

  private ArchiveProbe() {}

  /** A file's inode and change time: a file made again differs in one of them. */
  record Identity(Object inode, FileTime changed) {
    static Identity of(Path file) throws IOException {
      return new Identity(Files.getAttribute(file, "unix:ino"),
          (FileTime) Files.getAttribute(file, "unix:ctime"));
    }
  }

  /**
   * Runs {@code dsh --version} with {@code env} and the JVM's class-data-sharing and class-load
   * log written to a file in {@code folder}; asserts it ran cleanly and returns the log.
   */
  static String mapsWithLog(RealLauncher launcher, Path folder, Map<String, String> env)
      throws Exception {
    Path log = folder.resolve("cds.log");
    Files.deleteIfExists(log);
    Map<String, String> withLog = new HashMap<>(env);
    withLog.put("DSH_JAVA_OPTS", "-Xlog:cds=info,class+load=info:file=" + log);
    RealLauncher.Result result = launcher.run(withLog, "--version");
    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEmpty();
    return Files.readString(log, StandardCharsets.UTF_8);
  }
}
