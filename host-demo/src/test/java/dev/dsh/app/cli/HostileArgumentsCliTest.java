package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hostile arguments and files get a clear usage error, exit 2. */
class HostileArgumentsCliTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");

  @TempDir Path home;
  private SearchProStub stub;

  @BeforeEach
  void setUp() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @AfterEach
  void tearDown() {
    stub.close();
  }

  @Test
  void aTimeoutThatWouldOverflowIsRefusedAtParseTimeNamingTheFlagAndTheRange() {
    CliHarness.Result minutes = CliHarness.run(home, ENV, "", "search", "--timeout", "999999999m", "q");
    CliHarness.Result digits = CliHarness.run(home, ENV, "", "search", "--timeout", "9999999999", "q");
    CliHarness.Result zero = CliHarness.run(home, ENV, "", "search", "--timeout", "0ms", "q");
    CliHarness.Result words = CliHarness.run(home, ENV, "", "search", "--timeout", "soon", "q");

    assertAll(
        () -> assertThat(minutes.exit()).isEqualTo(2),
        () -> assertThat(minutes.err()).startsWith("dsh: Invalid value for option '--timeout':"
            + " '999999999m' is out of range: allowed is 1ms to 60m (1 hour)\n"),
        () -> assertThat(digits.err()).contains("'9999999999' is out of range: allowed is 1ms to 60m"),
        () -> assertThat(zero.err()).contains("'0ms' is out of range"),
        () -> assertThat(words.err()).contains("'soon' is not a duration"),
        () -> assertThat(minutes.err() + digits.err()).doesNotContain("internal error"),
        () -> assertThat(stub.requests()).isEmpty());
  }

  @Test
  void maxResultsOutOfRangeIsRefusedNamingTheFlagAndTheRange() {
    CliHarness.Result huge = CliHarness.run(home, ENV, "", "search", "--max-results", "99999999999", "q");
    CliHarness.Result zero = CliHarness.run(home, ENV, "", "search", "--max-results", "0", "q");
    CliHarness.Result most = CliHarness.run(home, ENV, "", "search", "--max-results", "100", "q");

    assertAll(
        () -> assertThat(huge.exit()).isEqualTo(2),
        () -> assertThat(huge.err()).startsWith("dsh: Invalid value for option '--max-results':"
            + " '99999999999' is out of range: allowed is 1 to 100\n"),
        () -> assertThat(zero.err()).contains("'0' is out of range: allowed is 1 to 100"),
        () -> assertThat(most.exit()).as(most.err()).isZero());
  }

  @Test
  void aBlankHomeIsRefusedRatherThanFallingBackToDshHome() throws IOException {
    Path other = Files.createDirectories(home.resolveSibling(home.getFileName() + "-other"));
    Map<String, String> env = Map.of("DSH_HOME", other.toString());

    for (String blank : new String[] {" ", ""}) {
      CliHarness.Result listed = CliHarness.runWithoutHome(env, "--home", blank, "plugin", "list");

      assertThat(listed.exit()).isEqualTo(2);
      assertThat(listed.err()).isEqualTo(
          "dsh: --home is blank: name a folder, or leave --home out to use $DSH_HOME or ~/.dsh\n");
      assertThat(listed.out()).isEmpty();
    }
  }

  @Test
  void addOfADirectorySaysItIsADirectory() throws IOException {
    Path folder = Files.createDirectories(home.resolve("not-a-jar"));

    CliHarness.Result added = CliHarness.run(home, ENV, "", "plugin", "add", folder.toString());

    assertThat(added.exit()).isEqualTo(2);
    assertThat(added.err()).isEqualTo("dsh: " + folder + ": is a directory; give the plugin's jar file\n");
  }

  @Test
  void aBinaryApiKeyNamesTheFileTheLineAndTheField() throws IOException {
    Files.writeString(home.resolve("profiles/default/cordis.patch.yml"),
        "- id: web-search-yuanbao\n  config:\n    baseURL: " + stub.baseUrl() + "\n"
            + "    apiKey: !!binary c2VjcmV0LWtleQ==\n");

    CliHarness.Result dumped = CliHarness.run(home, ENV, "", "--dump-config");

    assertThat(dumped.exit()).isEqualTo(2);
    assertThat(dumped.err()).isEqualTo("dsh: profiles/default/cordis.patch.yml: entry 1: line 4,"
        + " field config.apiKey: a binary (!!binary) value is not allowed; write plain data (a"
        + " string, number, boolean, list or mapping)\n");
    assertThat(dumped.err()).doesNotContain("c2VjcmV0").doesNotContain("secret-key");
  }

  @Test
  void theSameRowOverriddenTwiceInOnePatchIsRefusedNamingBothEntries() throws IOException {
    Files.writeString(home.resolve("profiles/default/cordis.patch.yml"),
        "- {id: web-search-yuanbao, config: {baseURL: \"" + stub.baseUrl() + "\"}}\n"
            + "- {id: web, config: {}}\n"
            + "- {id: web-search-yuanbao, config: {count: 20}}\n");

    CliHarness.Result searched = CliHarness.run(home, ENV, "", "search", "q");

    assertThat(searched.exit()).isEqualTo(2);
    assertThat(searched.err()).contains("profiles/default/cordis.patch.yml: entry 3: row"
        + " \"web-search-yuanbao\" is already overridden by entry 1; merge the two entries into one");
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void aHugeUnknownArgumentIsCutWhenEchoed() {
    String huge = "z".repeat(10 * 1024 * 1024);

    CliHarness.Result result = CliHarness.run(home, ENV, "", huge);

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err().length()).isLessThan(2_000);
    assertThat(result.err()).startsWith("dsh: Unmatched argument at index 2: 'zzzz")
        .contains(" characters)\n");
  }

  @Test
  void aPairOfCharsSplitByTheYamlParsersReadsStillReadsInACommentOrAValue() throws IOException {
    // The parser reads 1,025 chars at a time: an emoji's first char at 1024, 2049 or 4099 is split
    // from its second by a read (snakeyaml-engine before 3.1: IndexOutOfBoundsException).
    Path patch = home.resolve("profiles/default/cordis.patch.yml");
    String entry =
        "- id: web-search-yuanbao\n  config: {baseURL: \"" + stub.baseUrl() + "\", note: \"";
    for (int at : new int[] {1023, 1024, 1025, 2048, 2049, 2050, 4098, 4099, 4100}) {
      String comment = "# " + "x".repeat(at - 2) + "\uD83D\uDE00\n";
      String value = "x".repeat(at - entry.length()) + "\uD83D\uDE00";
      Files.writeString(patch, comment + "- {id: web-search-yuanbao, config: {baseURL: \""
          + stub.baseUrl() + "\"}}\n");
      CliHarness.Result searched = CliHarness.run(home, ENV, "", "search", "q");
      Files.writeString(patch, entry + value + "\"}\n");
      CliHarness.Result dumped = CliHarness.run(home, ENV, "", "--dump-config");

      assertThat(searched.exit()).as("comment at %d: %s", at, searched.err()).isZero();
      assertThat(dumped.exit()).as("value at %d: %s", at, dumped.err()).isZero();
      assertThat(dumped.out()).as("value at %d", at).contains("note: " + value);
    }
    assertThat(stub.requests()).hasSize(9);
  }
}
