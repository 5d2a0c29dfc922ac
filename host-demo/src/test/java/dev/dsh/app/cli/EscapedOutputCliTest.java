package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.internal.plugins.TestPluginJars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whatever a message echoes (an argument, a line of {@code dsh run}, a service's
 * error message) reaches stdout and stderr with its control characters escaped.
 */
class EscapedOutputCliTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");
  private static final String CLEAR = "\u001b[2J";

  @TempDir Path home;

  @Test
  void aServiceErrorMessageWithAnEscapeSequenceIsPrintedEscapedByDshSearchAndDshRun()
      throws Exception {
    String envelope = "{\"Response\":{\"Error\":{\"Code\":\"AuthFailure\",\"Message\":\"bad key"
        + " \\u001b[2J\\u009b here\"},\"RequestId\":\"r-1\"}}";
    try (SearchProStub stub = SearchProStub.answering(envelope)) {
      CliHarness.installPlugin(home, stub.baseUrl(), "");

      CliHarness.Result search = CliHarness.run(home, ENV, "", "search", "q");

      assertThat(search.exit()).isEqualTo(3);
      assertThat(search.out()).isEqualTo("Error: bad key \\u001b[2J\\u009b here\n");
      try (RunSession run = RunSession.start(home, ENV)) {
        assertThat(run.ask("search q") + "\n").isEqualTo(search.out());
      }
    }
  }

  @Test
  void anUnknownToolNameIsEchoedCutAndEscaped() {
    CliHarness.Result result =
        CliHarness.run(home, ENV, "", "tool", "nope" + CLEAR + "x".repeat(200), "{}");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err())
        .startsWith("dsh: unknown tool \"nope\\u001b[2Jxxx")
        .contains("… (208 characters)\": the only tool is web_search")
        .doesNotContain("\u001b");
  }

  @Test
  void anUnknownOptionIsEchoedEscapedOnStderr() {
    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "--nope" + CLEAR + "\u009b", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--nope\\u001b[2J\\u009b").doesNotContain("\u001b")
        .doesNotContain("\u009b");
  }

  @Test
  void dshRunAnswersEscapeWhatTheLineCarriedAndAnUnclosedQuoteIsCut() {
    // (Jackson escapes C0 in a JSON answer itself, as \u001B; only DEL, C1 and the rest reach
    // dsh run's printer raw there.)
    String line = "'" + CLEAR + "\r" + "y".repeat(100);
    CliHarness.Result run = CliHarness.run(home, ENV,
        "bogus" + CLEAR + "\u202e\n" + line + "\nsearch --json --max-results 0" + CLEAR + " q\n", "run");

    assertThat(run.out())
        .isEqualTo("Error: unknown command \"bogus\\u001b[2J\\u202e\": use search, status or quit\n"
            + "Error: unclosed quote in: '\\u001b[2J\\u000d" + "y".repeat(74) + "… (106 characters)\n"
            + "{\"error\":{\"code\":\"USAGE\",\"message\":\"search: Invalid value for option"
            + " '--max-results': '0\\u001B[2J' is not a whole number\"}}\n");
  }

  @Test
  void aJarWhoseManifestVersionCarriesAnEscapeSequenceIsListedEscaped(@TempDir Path work)
      throws Exception {
    TestPluginJars.plugin(work, "adv-version", "w")
        .manifest("Plugin-Version", "1.0.0" + CLEAR)
        .buildTo(Files.createDirectories(home.resolve("plugins")).resolve("adv-version.jar"));

    CliHarness.Result list = CliHarness.run(home, ENV, "", "plugin", "list");

    assertThat(list.exit()).isEqualTo(0);
    assertThat(list.out()).doesNotContain("\u001b").contains("adv-version\t1.0.0\\u001b[2J\t");
  }
}
