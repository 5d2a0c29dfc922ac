package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.UnwritableFolder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In process, as the launcher's {@code DshMain} runs it: a home that cannot be written is one
 * message naming the folder and the fix, and nothing is sent.
 */
class UnwritableHomeCliTest {

  private static final String FIX = "; make it writable, or use another home folder with --home DIR";
  private static final Map<String, String> ENV =
      Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-launcher-test");

  @TempDir Path work;

  @Test
  void aHomeThatCannotBeWrittenIsOneMessageNamingTheFolderAndTheFix() throws Exception {
    Path home = Files.createDirectories(work.resolve("home"));
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      CliHarness.installPlugin(home, stub.baseUrl(), "");
      try (UnwritableFolder locked = UnwritableFolder.make(
          home, home.resolve("plugins"), home.resolve("profiles/default"))) {
        CliHarness.Result search = CliHarness.run(home, ENV, "", "search", "q");
        CliHarness.Result add =
            CliHarness.run(home, ENV, "", "plugin", "add", RealPluginJar.path().toString());
        CliHarness.Result set = CliHarness.run(home, ENV, "sk-new-key\n",
            "credentials", "set", "TENCENTCLOUD_WSA_APIKEY");

        assertThat(search.exit()).isEqualTo(2);
        assertThat(search.out()).isEmpty();
        assertThat(search.err()).matches(oneLine("cannot load the plugins: " + home));
        assertThat(add.exit()).isEqualTo(2);
        assertThat(add.err()).matches(
            oneLine("could not install " + RealPluginJar.path() + ": " + home.resolve("plugins")));
        assertThat(set.exit()).isEqualTo(2);
        assertThat(set.err()).matches(oneLine(
            "cannot write the credential store " + home.resolve("credentials.json") + ": " + home));
        assertThat(stub.requests()).isEmpty();
      }
    }
  }

  /** {@code dsh: <start> is not writable (<the OS reason>); <the fix>}, one line. */
  private static String oneLine(String start) {
    return "dsh: " + Pattern.quote(start) + " is not writable \\([^)\\n]+\\)" + Pattern.quote(FIX) + "\n";
  }
}
