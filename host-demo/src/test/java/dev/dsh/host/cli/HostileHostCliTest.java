package dev.dsh.host.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.testing.LoopbackStub;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, items 8, 11 and 14 through the real CLI and the real plugin jar: URL passwords are never
 * printed, the store refuses what the provider could not send, and an unusable provider says why.
 */
class HostileHostCliTest {

  private static final String CANARY = "sk-canary-3b8e5d21";
  private static final String PASSWORD = "hunter2-canary";

  @TempDir Path home;

  private LoopbackStub stub;

  @BeforeEach
  void install() {
    stub = LoopbackStub.answering(LoopbackStub.onePage("a"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  private CliHarness.Result run(Map<String, String> env, String stdin, String... args) {
    return CliHarness.run(home, env, stdin, args);
  }

  private static String refusedBaseUrl(String userInfo) throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return "http://" + userInfo + "127.0.0.1:" + socket.getLocalPort();
    }
  }

  // --- item 8 ---

  @Test
  void dumpConfigHidesThePasswordOfABaseUrl() {
    CliHarness.writeUserLayer(home, "http://user:" + PASSWORD + "@127.0.0.1:9/x", "");

    CliHarness.Result dump = run(Map.of(), "", "--dump-config");

    assertThat(dump.exit()).as(dump.err()).isZero();
    assertThat(dump.out()).contains("baseURL: http://<redacted>@127.0.0.1:9/x");
    assertThat(dump.out() + dump.err()).doesNotContain(PASSWORD).doesNotContain("user:");
  }

  @Test
  void aConnectionFailureNamesHostAndPortButNeitherThePasswordNorTheKey() throws IOException {
    String base = refusedBaseUrl("user:" + PASSWORD + "@");
    String hostPort = base.substring(base.indexOf('@') + 1);
    CliHarness.writeUserLayer(home, base, "");

    CliHarness.Result text = run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY), "", "search", "q");
    CliHarness.Result json =
        run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY), "", "search", "--json", "q");

    assertThat(text.exit()).isEqualTo(ExitCodes.WEB_ERROR);
    assertThat(text.out())
        .matches(
            "Error: Yuanbao search request failed: ConnectException(: Connection refused;|:)"
                + " could not connect to "
                + hostPort.replace(".", "\\.")
                + "\n");
    assertThat(json.out()).contains("could not connect to " + hostPort);
    assertThat(text.out() + text.err() + json.out() + json.err())
        .doesNotContain(CANARY)
        .doesNotContain(PASSWORD);
  }

  // --- item 11 ---

  @Test
  void credentialsSetRefusesWhatNoSearchCouldSendAndSaysWhy() {
    CliHarness.Result accent = run(Map.of(), "café-secret", "credentials", "set", "K");
    CliHarness.Result space = run(Map.of(), "sk-with space\n", "credentials", "set", "K");

    assertThat(accent.exit()).isEqualTo(ExitCodes.USAGE_OR_CONFIG);
    assertThat(accent.out()).isEmpty();
    assertThat(accent.err())
        .isEqualTo(
            "dsh: cannot store K: it holds a non-ASCII character (character 4); a credential is"
                + " sent in an HTTP header, which carries visible ASCII characters only (no spaces,"
                + " tabs, line breaks or non-ASCII characters)\n");
    assertThat(space.exit()).isEqualTo(ExitCodes.USAGE_OR_CONFIG);
    assertThat(space.err()).startsWith("dsh: cannot store K: it holds a space (character 8); ");
    assertThat(home.resolve("credentials.json")).doesNotExist();

    CliHarness.Result good = run(Map.of(), CANARY + "\n", "credentials", "set", "K");
    assertThat(good.exit()).as(good.err()).isZero();
    assertThat(good.out()).isEqualTo("stored K\n");
  }

  // --- item 14 ---

  @Test
  void anFtpBaseUrlMakesTheUnavailableMessageSayWhy() {
    CliHarness.writeUserLayer(home, "ftp://x", "");

    CliHarness.Result result =
        run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY), "", "search", "q");

    assertThat(result.exit()).isEqualTo(ExitCodes.WEB_ERROR);
    assertThat(result.out())
        .isEqualTo(
            "Error: no usable web provider is registered (unavailable: yuanbao: baseURL is not an"
                + " absolute http(s) URL)\n");
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void aPinnedProviderWithAnFtpBaseUrlSaysWhyItIsNotAvailable() throws IOException {
    Files.writeString(
        home.resolve("profiles/default/cordis.patch.yml"),
        "- id: web-search-yuanbao\n  config: {baseURL: \"ftp://x\"}\n"
            + "- id: web\n  config: {searchProvider: yuanbao}\n");

    CliHarness.Result result =
        run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY), "", "search", "--json", "q");

    assertThat(result.exit()).isEqualTo(ExitCodes.WEB_ERROR);
    assertThat(result.out())
        .isEqualTo(
            "{\"error\":{\"code\":\"WEB_PROVIDER_CONFIGURED_UNAVAILABLE\",\"message\":\"configured"
                + " web provider \\\"yuanbao\\\" is registered but not available: baseURL is not an"
                + " absolute http(s) URL\"}}\n");
  }
}
