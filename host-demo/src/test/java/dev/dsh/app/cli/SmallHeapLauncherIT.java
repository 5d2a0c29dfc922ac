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
 * Issue 10 item 1 under a small heap: an entry that inflates to 300 MiB while declaring 1 KiB
 * (reading it whole needs a 300 MiB array) is refused by {@code plugin list} in a JVM given 48 MiB.
 */
class SmallHeapLauncherIT {

  @TempDir Path work;

  @Test
  void pluginListRefusesAnInflatingEntryWithA48MibHeap() throws Exception {
    Path home = work.resolve("home");
    Files.createDirectories(home.resolve("plugins"));
    Files.copy(RealPluginJar.path(), home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar"));
    Path liar = ZipBombJar.write(home.resolve("plugins/liar.jar"), "adv-liar", 300, 1024);

    RealLauncher.Result listed = RealLauncher.in(work)
        .run(Map.of("DSH_JAVA_OPTS", "-Xmx48m"), "--home", home.toString(), "plugin", "list");

    assertThat(listed.exit()).as(listed.err()).isZero();
    assertThat(listed.err()).doesNotContain("OutOfMemoryError");
    assertThat(listed.out().lines()).containsExactly(
        RealPluginJar.PLUGIN_ID + "\t" + RealPluginJar.version() + "\tinstalled\t-",
        "liar.jar\t-\tinvalid\t-\t" + liar + ": refused: it unpacks to more than the 256 MiB limit"
            + " for a plugin jar (data.bin inflates past it)");
  }
}
