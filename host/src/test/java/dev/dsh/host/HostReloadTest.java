package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Host#reload()} against the plugins folder: what counts as a replaced jar. */
class HostReloadTest {

  @TempDir Path home;

  private Path jar;
  private final List<String> events = new CopyOnWriteArrayList<>();

  @BeforeEach
  void install() throws IOException {
    jar = home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar");
    Files.createDirectories(jar.getParent());
    Files.copy(RealPluginJar.path(), jar, StandardCopyOption.REPLACE_EXISTING);
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [" + RealPluginJar.PLUGIN_ID + "]\n");
  }

  @Test
  void aTouchedJarWithTheSameBytesKeepsServingWithoutAReload() throws IOException {
    try (Host host = Host.serveWithoutWatching(options(), LifecycleListener.none())) {
      LoadedPlugin loaded = host.plugins.plugins().get(0);
      events.clear();

      Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
      host.reload();
      host.reload();

      assertThat(host.plugins.plugins()).containsExactly(loaded);
      assertThat(events).noneMatch(line -> line.startsWith("unloaded plugin"));
    }
  }

  @Test
  void aJarWhoseBytesChangedIsUnloadedAndLoadedAgain() throws IOException {
    try (Host host = Host.serveWithoutWatching(options(), LifecycleListener.none())) {
      LoadedPlugin first = host.plugins.plugins().get(0);
      events.clear();

      RealPluginJar.rebuiltTo(jar, "another build");
      Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
      host.reload();

      assertThat(host.plugins.plugins()).hasSize(1).doesNotContain(first);
      assertThat(host.plugins.plugins().get(0).cachedCopy()).hasSameBinaryContentAs(jar);
      assertThat(events)
          .containsSubsequence(
              "unloaded plugin " + RealPluginJar.PLUGIN_ID + "@" + RealPluginJar.version(),
              "loaded plugin " + RealPluginJar.PLUGIN_ID + "@" + RealPluginJar.version());
    }
  }

  private HostOptions options() {
    return new HostOptions(
        new DshHome(home),
        "default",
        Optional.empty(),
        LaunchEnvironment.of(Map.of()),
        events::add);
  }
}
