package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.testing.RealPluginJar;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In process, as the launcher's {@code DshMain} runs it: after {@code plugin remove}, the user's entry
 * for the removed plugin's row is kept byte for byte and reported in one line, every command
 * works, and adding the plugin back applies the entry again. {@code --dump-config} names the layer
 * that set each row's config.
 */
class PluginRemoveCliTest {

  private static final String ID = RealPluginJar.PLUGIN_ID;
  private static final String NOTE = "user layer profiles/default/cordis.patch.yml: entry 1"
      + " overrides row \"web-search-yuanbao\" of the removed plugin dsh-web-search-yuanbao: the"
      + " entry is kept and skipped, and applies again once the plugin is added back (delete it if"
      + " it is no longer wanted)";
  private static final String USER_LAYER = "# my settings\n"
      + "- id: web-search-yuanbao\n  config: {count: 20}   # twenty results\n"
      + "- id: tool-web\n  config: {searchTimeoutMs: 5000}\n";

  @TempDir Path work;

  @Test
  void afterARemoveEveryCommandWorksAndTheUsersEntryIsKeptAndToldOf() throws Exception {
    Path home = work.resolve("home");
    String jar = RealPluginJar.path().toString();
    assertThat(dsh(home, "plugin", "add", jar).exit()).isZero();
    Path patch = home.resolve("profiles/default/cordis.patch.yml");
    Files.writeString(patch, USER_LAYER);

    CliHarness.Result removed = dsh(home, "plugin", "remove", ID);

    assertThat(removed.exit()).as(removed.err()).isZero();
    assertThat(removed.out()).isEqualTo("removed " + ID + "\n" + NOTE + "\n");
    assertThat(Files.readString(patch)).isEqualTo(USER_LAYER);
    assertThat(home.resolve("plugins/" + ID + ".jar")).doesNotExist();

    CliHarness.Result dump = dsh(home, "--dump-config");
    CliHarness.Result list = dsh(home, "plugin", "list");
    CliHarness.Result search = dsh(home, "search", "q");

    assertThat(dump.exit()).as(dump.err()).isZero();
    assertThat(dump.err()).isEqualTo("dsh: " + NOTE + "\n");
    assertThat(dump.out()).doesNotContain("web-search-yuanbao")
        .contains("- id: tool-web\n  name: tool-web\n  from: base layer\n"
            + "  configFrom: user layer profiles/default/cordis.patch.yml\n");
    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.err()).isEqualTo("dsh: " + NOTE + "\ndsh: no plugin is installed; add one with"
        + " 'dsh plugin add " + CliHarness.pluginJar() + "'\n");
    // Nothing serves searches any more, and the search says so rather than fail to compose.
    assertThat(search.exit()).isEqualTo(3);
    assertThat(search.out()).isEqualTo(
        "Error: no web provider is registered; install and enable a web search plugin\n");
    assertThat(search.err()).isEqualTo("dsh: " + NOTE + "\n");

    CliHarness.Result again = dsh(home, "plugin", "add", jar);
    CliHarness.Result applied = dsh(home, "--dump-config");

    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(applied.err()).isEmpty();
    assertThat(applied.out()).contains("- id: web-search-yuanbao\n  name: " + ID + "\n"
        + "  from: bundle \"" + ID + "\"\n"
        + "  configFrom: user layer profiles/default/cordis.patch.yml\n"
        + "  fieldsFrom:\n    count: user layer profiles/default/cordis.patch.yml\n"
        + "  disabled: false\n  config:\n    count: 20\n");
    assertThat(Files.readString(home.resolve("profiles/default/profile.yml")))
        .isEqualTo("# Written by dsh (plugin add, remove, enable, disable, the console), whole:"
            + " your own settings go in cordis.patch.yml\nbundles:\n  - \"" + ID + "\"\n");
  }

  private static CliHarness.Result dsh(Path home, String... args) {
    return CliHarness.run(home, Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-launcher-test"), "", args);
  }
}
