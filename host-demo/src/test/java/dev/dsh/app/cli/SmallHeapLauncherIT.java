package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.ZipBombJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar whose entry inflates to 300 MiB while its central directory declares 1 KiB, in a JVM
 * given 48 MiB: {@code plugin list} reads the central directory only, so it lists the jar and
 * never inflates the entry.
 */
class SmallHeapLauncherIT {

  @TempDir Path work;

  @Test
  void pluginListNeverInflatesAnEntryWithA48MibHeap() throws Exception {
    Path home = work.resolve("home");
    Files.createDirectories(home.resolve("plugins"));
    Files.copy(RealPluginJar.path(), home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar"));
    ZipBombJar.write(home.resolve("plugins/liar.jar"), "adv-liar", 300, 1024);

    RealLauncher.Result listed = RealLauncher.in(work)
        .run(Map.of("DSH_JAVA_OPTS", "-Xmx48m"), "--home", home.toString(), "plugin", "list");

    assertThat(listed.exit()).as(listed.err()).isZero();
    assertThat(listed.err()).doesNotContain("OutOfMemoryError");
    assertThat(listed.out().lines()).containsExactly(
        RealPluginJar.PLUGIN_ID + "\t" + RealPluginJar.version() + "\tinstalled\t-",
        "adv-liar\t1.0.0\tinstalled\t-");
  }
}
