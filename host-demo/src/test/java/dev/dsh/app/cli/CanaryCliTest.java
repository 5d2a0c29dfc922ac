package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A canary key in the store, the environment, the user layer or a
 * {@code --patch} file appears in no stdout, stderr or log line of {@code dsh} on its error paths
 * and in {@code --dump-config}.
 */
class CanaryCliTest {

  private static final String CANARY = "sk-canary-cli-93a0f1";
  @RegisterExtension private static final SearchProStub stub = SearchProStub.unrouted();

  @TempDir Path home;
  private final List<CliHarness.Result> results = new ArrayList<>();
  private final ByteArrayOutputStream logs = new ByteArrayOutputStream();
  private PrintStream originalErr = System.err;

  @BeforeEach
  void install() {
    stub.answer(
        StubReply.status(
            401,
            "{\"Response\":{\"Error\":{\"Code\":\"AuthFailure\",\"Message\":\"bad key "
                + CANARY
                + "\"}}}"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    originalErr = System.err;
    System.setErr(new PrintStream(logs, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setErr(originalErr);
  }

  private CliHarness.Result run(Map<String, String> env, String stdin, String... args) {
    CliHarness.Result result = CliHarness.run(home, env, stdin, args);
    results.add(result);
    return result;
  }

  private void assertNoCanary() {
    System.err.flush();
    assertThat(results).isNotEmpty();
    for (CliHarness.Result result : results) {
      assertThat(result.out()).doesNotContain(CANARY);
      assertThat(result.err()).doesNotContain(CANARY);
    }
    assertThat(logs.toString(StandardCharsets.UTF_8)).doesNotContain(CANARY);
  }

  @Test
  void aStoredCanaryShowsInNoSearchOrToolOutput() {
    assertThat(run(Map.of(), CANARY + "\n", "credentials", "set", "TENCENTCLOUD_WSA_APIKEY").exit())
        .isZero();

    CliHarness.Result json = run(Map.of(), "", "search", "--json", "q");
    CliHarness.Result text = run(Map.of(), "", "search", "q");
    CliHarness.Result tool =
        run(Map.of(), "", "tool", "web_search", "{\"queries\": [\"a\", \"b\"]}");
    CliHarness.Result listed = run(Map.of(), "", "credentials", "list");

    assertThat(json.exit()).isEqualTo(3);
    assertThat(json.out()).contains("\"code\":\"WEB_PROVIDER_ERROR\"").contains("bad key ***");
    assertThat(text.out()).isEqualTo("Error: bad key ***\n");
    assertThat(tool.out()).contains("Error: bad key ***");
    assertThat(listed.out()).contains("TENCENTCLOUD_WSA_APIKEY\tconfigured\tstore");
    assertNoCanary();
  }

  @Test
  void anExportedCanaryShowsInNoOutputWhenTheConnectionIsRefused() throws IOException {
    String refused;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      refused = "http://127.0.0.1:" + socket.getLocalPort();
    }
    CliHarness.writeUserLayer(home, refused, "");
    Map<String, String> env = Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY);

    CliHarness.Result result = run(env, "", "search", "--json", "q");
    CliHarness.Result badKey =
        run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY + "\r\n"), "", "search", "q");

    assertThat(result.exit()).isEqualTo(3);
    assertThat(result.out()).contains("Yuanbao search request failed: ConnectException");
    assertThat(badKey.exit()).isEqualTo(3);
    assertNoCanary();
  }

  @Test
  void aLiteralCanaryShowsInNoDumpAndNoConfigError() throws IOException {
    CliHarness.writeUserLayer(home, stub.baseUrl(), "apiKey: \"" + CANARY + "\", count: 15");
    Path patch = home.resolve("extra.patch.yml");
    Files.writeString(
        patch,
        "- id: web-search-yuanbao\n  config: {baseURL: \""
            + stub.baseUrl()
            + "\", apiKey: \""
            + CANARY
            + "\", apikey: \""
            + CANARY
            + "\"}\n");

    CliHarness.Result failed = run(Map.of(), "", "search", "q");
    CliHarness.Result dump = run(Map.of(), "", "--dump-config");
    CliHarness.Result patchedDump = run(Map.of(), "", "--patch", patch.toString(), "--dump-config");
    CliHarness.Result patchedFailure =
        run(Map.of(), "", "--patch", patch.toString(), "search", "q");

    assertThat(failed.exit()).isEqualTo(2);
    assertThat(failed.err()).contains("/count");
    assertThat(dump.exit()).as(dump.err()).isZero();
    assertThat(dump.out()).contains("apiKey: <redacted>");
    assertThat(patchedDump.exit()).as(patchedDump.err()).isZero();
    assertThat(patchedFailure.exit()).isEqualTo(2);
    assertThat(patchedFailure.err()).contains("/apikey");
    assertNoCanary();
  }
}
