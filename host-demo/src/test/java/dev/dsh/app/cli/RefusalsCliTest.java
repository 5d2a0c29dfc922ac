package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.json.ControlEscapes;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * In process, as the launcher's {@code DshMain} runs it: an out-of-range number in a row's config is
 * refused with its range; what a user typed comes back with its control characters escaped; an
 * empty credential is called empty, at each door, with its fix.
 */
class RefusalsCliTest {

  private static final String HOSTILE_SITE = "\u001b]0;pwned\u0007\u001b[2J.com";

  /** The key the launcher's tests export: a search that needs one finds it. */
  private static final Map<String, String> KEY =
      Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-launcher-test");

  @TempDir Path work;

  /** {@code dsh args}, its arguments as given, with the key exported unless {@code env} says. */
  private CliHarness.Result dsh(Map<String, String> env, byte[] stdin, String... args) {
    Map<String, String> exported = new HashMap<>(KEY);
    exported.putAll(env);
    return CliHarness.runWithoutHome(exported, new ByteArrayInputStream(stdin), args);
  }

  private Path home() {
    return work.resolve("home");
  }

  @Test
  void anOutOfRangeTimeoutOnTheToolRowIsRefusedWithItsRange() throws Exception {
    Path profile = Files.createDirectories(home().resolve("profiles/default"));
    Files.writeString(profile.resolve("cordis.patch.yml"),
        "- id: tool-web\n  config: {searchTimeoutMs: 99999999999}\n");

    CliHarness.Result result = dsh(Map.of(), new byte[0], "--home", home().toString(), "search", "x");

    assertThat(result.exit()).as(result.err()).isEqualTo(2);
    assertThat(result.err())
        .contains("/searchTimeoutMs: must be at most 3600000 (allowed: 1 to 3600000; got 99999999999)")
        .doesNotContain("Exception")
        .doesNotContain("cannot bind");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void aUsageErrorEchoesAnEscapeSequenceEscaped() throws Exception {
    CliHarness.Result result =
        dsh(Map.of(), new byte[0], "--home", home().toString(), "search", "--site", HOSTILE_SITE, "x");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err())
        .contains("--site")
        .contains("\\u001b]0;pwned\\u0007\\u001b[2J.com")
        .doesNotContain("\u001b")
        .doesNotContain("\u0007");
  }

  @Test
  void picocliOwnUsageMessagesAreEscapedToo() throws Exception {
    CliHarness.Result result =
        dsh(Map.of(), new byte[0], "--home", home().toString(), "search", "--\u001b[2Jx", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("--\\u001b[2Jx").doesNotContain("\u001b");
  }

  @Test
  void randomBytesFedToDshRunComeBackWithoutAControlCharacterAndServingGoesOn() throws Exception {
    byte[] noise = new byte[64 * 1024];
    new Random(22).nextBytes(noise);
    byte[] status = "\nstatus\n".getBytes(StandardCharsets.UTF_8);
    byte[] input = Arrays.copyOf(noise, noise.length + status.length);
    System.arraycopy(status, 0, input, noise.length, status.length);
    assertThat(new String(noise, StandardCharsets.ISO_8859_1)).contains("\u001b", "\r");

    CliHarness.Result result = dsh(Map.of(), input, "--home", home().toString(), "run");

    assertThat(result.exit()).as(result.err()).isZero();
    String out = result.out();
    for (int i = 0; i < out.length(); i++) {
      char c = out.charAt(i);
      assertThat(c == '\n' || !ControlEscapes.isControl(c))
          .as("character %d of stdout is U+%04X", i, (int) c)
          .isTrue();
    }
    List<String> answers = out.lines().toList();
    // dsh run reads lines as InputLines does: UTF-8 with replacement, split at line feeds only
    long asked = Arrays.stream(new String(input, StandardCharsets.UTF_8).split("\n", -1))
        .filter(line -> !line.strip().isEmpty())
        .count();
    assertThat(answers).hasSize((int) asked);
    assertThat(answers).filteredOn(line -> line.startsWith("{\"plugins\":")).hasSize(1);
    assertThat(answers).filteredOn(line -> line.startsWith("Error: ")).hasSize((int) asked - 1);
    assertThat(out).contains("\\u001b");
  }

  @Test
  void storingAnEmptyCredentialSaysItIsEmptyAndHowToGiveIt() throws Exception {
    for (String stdin : List.of("", "\n", "  \t\n")) {
      CliHarness.Result result = dsh(Map.of(), stdin.getBytes(StandardCharsets.UTF_8),
          "--home", home().toString(), "credentials", "set", "TEAM_KEY");

      assertThat(result.exit()).as("stdin %s", stdin.length()).isEqualTo(2);
      assertThat(result.err())
          .isEqualTo("dsh: cannot store TEAM_KEY: the value is empty (standard input held nothing"
              + " but white space); give the key on standard input, e.g. 'dsh credentials set"
              + " TEAM_KEY < key.txt'\n");
      assertThat(Files.exists(home().resolve("credentials.json"))).isFalse();
    }
  }

  @Test
  void anEmptyExportedKeyIsCalledEmpty() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      CliHarness.installPlugin(home(), stub.baseUrl(), "");

      CliHarness.Result result = dsh(Map.of("TENCENTCLOUD_WSA_APIKEY", ""), new byte[0],
          "--home", home().toString(), "search", "x");

      assertThat(result.exit()).as(result.err()).isEqualTo(3);
      assertThat(result.out()).isEqualTo("Error: Yuanbao search has no API key for"
          + " \"TENCENTCLOUD_WSA_APIKEY\" (TENCENTCLOUD_WSA_APIKEY is exported but empty); set"
          + " apiKey, store it with 'dsh credentials set TENCENTCLOUD_WSA_APIKEY', or export"
          + " TENCENTCLOUD_WSA_APIKEY\n");
      assertThat(result.out() + result.err()).doesNotContain("HTTP header");
      assertThat(stub.requests()).isEmpty();
    }
  }

  @Test
  void anEmptyApiKeyInTheConfigIsCalledEmpty() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      for (String empty : List.of("\"\"", "\"   \"")) {
        CliHarness.installPlugin(home(), stub.baseUrl(), "apiKey: " + empty + ", apiKeyEnv: H6_UNSET_KEY");

        CliHarness.Result result =
            dsh(Map.of(), new byte[0], "--home", home().toString(), "search", "x");

        assertThat(result.exit()).as(result.err()).isEqualTo(3);
        assertThat(result.out()).isEqualTo("Error: Yuanbao search has no API key for"
            + " \"H6_UNSET_KEY\" (apiKey is empty); set apiKey, store it with 'dsh credentials set"
            + " H6_UNSET_KEY', or export H6_UNSET_KEY\n");
      }
      assertThat(stub.requests()).isEmpty();
    }
  }
}
