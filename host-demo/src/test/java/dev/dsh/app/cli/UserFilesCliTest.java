package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user's two files, {@code cordis.patch.yml} and the console's {@code console.patch.yml}: the
 * console's fields apply after the user's, {@code --dump-config} names the layer of each field, and
 * a field both set is told in one stderr line by every command that reads the profile.
 */
class UserFilesCliTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");
  private static final String USER = "user layer profiles/default/cordis.patch.yml";
  private static final String CONSOLE = "console layer profiles/default/console.patch.yml";

  @TempDir Path home;

  @Test
  void aFieldBothUserFilesSetIsToldOnceByEveryCommandAndTheConsolesValueApplies()
      throws IOException {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      CliHarness.installPlugin(home, stub.baseUrl(), "count: 10");
      Files.writeString(home.resolve("profiles/default/console.patch.yml"),
          "- id: " + RealPluginJar.ROW_ID + "\n  config: {count: 20, mode: vertical}\n");
      String line = "dsh: row \"" + RealPluginJar.ROW_ID + "\": " + USER + " and " + CONSOLE
          + " both set count; the values of " + CONSOLE + " apply (keep each field in one of the"
          + " two files)";

      for (List<String> command : List.of(List.of("--dump-config"), List.of("search", "q"),
          List.of("credentials", "list"), List.of("plugin", "list"))) {
        CliHarness.Result result = CliHarness.run(home, ENV, "", command.toArray(String[]::new));

        assertThat(result.exit()).as("%s: %s", command, result.err()).isZero();
        assertThat(result.err().lines().filter(line::equals)).as("%s", command).hasSize(1);
      }
      assertThat(CliHarness.run(home, ENV, "", "--dump-config").out()).contains(
          "  configFrom: " + CONSOLE + "\n  fieldsFrom:\n    baseURL: " + USER + "\n    count: "
              + CONSOLE + "\n    mode: " + CONSOLE + "\n");
      assertThat(stub.searches().get(0).body()).contains("\"Cnt\":20", "\"Mode\":1");
    }
  }
}
