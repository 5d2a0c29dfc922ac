package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.internal.plugins.TestPluginJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginState;

class PluginSyncTest {

  @TempDir Path work;

  @Test
  void closeAllUnloadsEveryPluginNewestFirstAndDeletesTheirCopies() throws IOException {
    Path home = Files.createDirectories(work.resolve("home"));
    Path plugins = Files.createDirectories(home.resolve("plugins"));
    TestPluginJars.plugin(work, "dsh-a", "a").buildTo(plugins.resolve("a.jar"));
    TestPluginJars.plugin(work, "dsh-b", "b").buildTo(plugins.resolve("b.jar"));
    List<String> events = new ArrayList<>();
    PluginSync sync = new PluginSync(new PluginLoader(home), plugins, events::add);
    assertThat(sync.sync(entry -> {})).isEmpty();
    List<LoadedPlugin> loaded = sync.plugins();
    sync.announce();

    sync.closeAll();

    assertThat(loaded).extracting(LoadedPlugin::state).containsOnly(PluginState.UNLOADED);
    assertThat(events).containsExactly("unloaded plugin dsh-b@1.0.0", "unloaded plugin dsh-a@1.0.0");
    assertThat(sync.plugins()).isEmpty();
    try (Stream<Path> cached = Files.list(home.resolve(".cache/plugins"))) {
      assertThat(cached).isEmpty();
    }
  }
}
