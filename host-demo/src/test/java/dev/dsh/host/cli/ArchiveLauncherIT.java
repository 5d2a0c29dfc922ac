package dev.dsh.host.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.HostVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14: the launcher's class-data-sharing archive is made on the first start after a build,
 * and an archive the JVM cannot use is ignored: the command's output and exit stay its own.
 */
class ArchiveLauncherIT {

  @TempDir Path work;

  private static Path dist() {
    return Path.of(System.getProperty("dsh.launcher")).getParent().resolve("host-demo/target/dist");
  }

  @Test
  void theFirstStartMakesTheArchiveAndAnUnusableOneIsIgnored() throws Exception {
    Path archive = dist().resolve("dsh.jsa");
    RealLauncher launcher = RealLauncher.in(work);

    RealLauncher.Result first = launcher.run(Map.of(), "--version");

    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).isEqualTo("dsh " + HostVersion.current() + "\n");
    assertThat(first.err()).isEmpty();
    assertThat(archive).as("made by the first start").isNotEmptyFile();
    assertThat(dist().resolve("dsh.jsa.key")).isNotEmptyFile();

    try {
      // Damaged in place, yet newer than every jar and with its key: the launcher passes it on.
      byte[] garbage = new byte[64 * 1024];
      new Random(14).nextBytes(garbage);
      Files.delete(archive);
      Files.write(archive, garbage);

      RealLauncher.Result second = launcher.run(Map.of(), "--version");

      assertThat(second.exit()).as(second.err()).isZero();
      assertThat(second.out()).isEqualTo("dsh " + HostVersion.current() + "\n");
      assertThat(second.err()).isEmpty();
    } finally {
      // The next start makes a good one again.
      Files.deleteIfExists(archive);
    }
  }
}
