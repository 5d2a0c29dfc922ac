package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Through the real CLI and the real plugin jar: URL passwords are never printed, a linked store
 * is written through, the store refuses what the
 * provider could not send, an open store is warned about, a wrong file type is named with its path,
 * and an unusable provider says why.
 */
class HostileHostCliTest {

  private static final String CANARY = "sk-canary-3b8e5d21";
  private static final String PASSWORD = "hunter2-canary";

  @TempDir Path home;
  @TempDir Path elsewhere;

  private SearchProStub stub;

  @BeforeEach
  void install() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
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

    assertThat(text.exit()).isEqualTo(DshMain.WEB_ERROR);
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

    assertThat(accent.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(accent.out()).isEmpty();
    assertThat(accent.err())
        .isEqualTo(
            "dsh: cannot store K: it holds a non-ASCII character (character 4); a credential is"
                + " sent in an HTTP header, which carries visible ASCII characters only (no spaces,"
                + " tabs, line breaks or non-ASCII characters)\n");
    assertThat(space.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(space.err()).startsWith("dsh: cannot store K: it holds a space (character 8); ");
    for (String tail : List.of("\nX-Injected: 1", "\u0000x", "\u001b[2J")) {
      CliHarness.Result control = run(Map.of(), CANARY + tail, "credentials", "set", "K");
      assertThat(control.exit()).as(tail).isEqualTo(DshMain.USAGE_OR_CONFIG);
      assertThat(control.err()).as(tail).startsWith("dsh: cannot store K: it holds a")
          .doesNotContain(CANARY);
    }
    assertThat(home.resolve("credentials.json")).doesNotExist();

    CliHarness.Result good = run(Map.of(), CANARY + "\n", "credentials", "set", "K");
    assertThat(good.exit()).as(good.err()).isZero();
    assertThat(good.out()).isEqualTo("stored K\n");
  }

  @Test
  void anApiKeyInTheConfigIsHeldToTheStoresRuleBeforeAnySearch() {
    // YAML's double-quoted escapes: a line break, a NUL and an ESC pasted with the key.
    for (String tail : List.of("\\n", "\\0", "\\e[2J")) {
      CliHarness.writeUserLayer(home, stub.baseUrl(), "apiKey: \"" + CANARY + tail + "\"");

      CliHarness.Result searched = run(Map.of(), "", "search", "q");

      assertThat(searched.exit()).as(tail).isEqualTo(DshMain.USAGE_OR_CONFIG);
      assertThat(searched.out() + searched.err()).as(tail)
          .contains("/apiKey: it holds a", "; a credential is sent in an HTTP header")
          .doesNotContain(CANARY);
    }
    assertThat(stub.requests()).isEmpty();
  }

  // --- item 14 ---

  @Test
  void anFtpBaseUrlMakesTheUnavailableMessageSayWhy() {
    CliHarness.writeUserLayer(home, "ftp://x", "");

    CliHarness.Result result =
        run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY), "", "search", "q");

    assertThat(result.exit()).isEqualTo(DshMain.WEB_ERROR);
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

    assertThat(result.exit()).isEqualTo(DshMain.WEB_ERROR);
    assertThat(result.out())
        .isEqualTo(
            "{\"error\":{\"code\":\"WEB_PROVIDER_CONFIGURED_UNAVAILABLE\",\"message\":\"configured"
                + " web provider \\\"yuanbao\\\" is registered but not available: baseURL is not an"
                + " absolute http(s) URL\"}}\n");
  }

  @Test
  void dshRunStatusShowsWhyAProviderIsUnavailable() throws Exception {
    CliHarness.writeUserLayer(home, "ftp://x", "");

    try (RunSession run = RunSession.start(home, Map.of())) {
      JsonNode status = JsonMapper.builder().build().readTree(run.ask("status"));

      assertThat(status.get("providers").toString())
          .isEqualTo(
              "[{\"id\":\"yuanbao\",\"available\":false,\"ready\":false,\"reason\":\"baseURL is not an absolute"
                  + " http(s) URL\"}]");
    }
  }

  // --- item 10 ---

  @Test
  void credentialsSetThroughASymlinkReachesTheSharedFile() throws IOException {
    Path shared = Files.createDirectories(home.resolve("shared"));
    Path target = shared.resolve("credentials.json");
    Files.createSymbolicLink(home.resolve("credentials.json"), target);

    CliHarness.Result set = run(Map.of(), CANARY, "credentials", "set", "TENCENTCLOUD_WSA_APIKEY");
    CliHarness.Result search = run(Map.of(), "", "search", "q");

    assertThat(set.exit()).as(set.err()).isZero();
    assertThat(Files.isSymbolicLink(home.resolve("credentials.json"))).isTrue();
    assertThat(Files.readString(target)).contains(CANARY);
    assertThat(search.exit()).as(search.out() + search.err()).isZero();
    assertThat(stub.requests()).hasSize(1);
  }

  // --- item 12 ---

  @Test
  void aWorldReadableStoreIsUsedWithAWarningOnStderr() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    assertThat(run(Map.of(), CANARY, "credentials", "set", "TENCENTCLOUD_WSA_APIKEY").exit()).isZero();
    Path store = home.resolve("credentials.json");
    Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-r--r--"));
    String warning =
        "dsh: warning: credential store "
            + store
            + " is accessible by its group and others (permissions rw-r--r--); it holds secrets"
            + " and should be readable by you only: chmod 600 "
            + store
            + "\n";

    CliHarness.Result search = run(Map.of(), "", "search", "q");
    CliHarness.Result listed = run(Map.of(), "", "credentials", "list");

    assertThat(search.exit()).as(search.out()).isZero();
    assertThat(search.err()).isEqualTo(warning);
    assertThat(listed.exit()).isZero();
    assertThat(listed.out()).contains("TENCENTCLOUD_WSA_APIKEY\tconfigured\tstore");
    assertThat(listed.err()).isEqualTo(warning);
    assertThat(search.out() + search.err() + listed.err()).doesNotContain(CANARY);
  }

  // --- item 13 ---

  @Test
  void aCredentialStoreThatIsAFolderIsNamedInsteadOfAnInternalError() throws IOException {
    Path store = Files.createDirectories(home.resolve("credentials.json"));
    String named =
        "credential store "
            + store
            + " is a folder, not a file; remove it, or point the credentials row's store at a file";

    for (String[] command :
        new String[][] {{"credentials", "list"}, {"credentials", "set", "K"}, {"credentials", "unset", "K"}}) {
      CliHarness.Result result = run(Map.of(), "sk-value", command);
      assertThat(result.exit()).as(String.join(" ", command)).isEqualTo(DshMain.USAGE_OR_CONFIG);
      assertThat(result.err()).isEqualTo("dsh: " + named + "\n");
    }
    CliHarness.Result search = run(Map.of(), "", "search", "q");
    assertThat(search.exit()).isEqualTo(DshMain.WEB_ERROR);
    assertThat(search.out()).contains(named).doesNotContain("internal error");
  }

  @Test
  void aPluginsFolderThatIsAFileIsNamedByEveryCommandThatReadsIt() throws IOException {
    Path plugins = home.resolve("plugins");
    Files.walk(plugins).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    Files.writeString(plugins, "not a folder");
    String named =
        "dsh: the plugins folder "
            + plugins
            + " is a file, not a folder; move the file away (dsh creates the folder)\n";

    for (String[] command :
        new String[][] {{"search", "q"}, {"plugin", "list"}, {"plugin", "remove", "x"}, {"--dump-config"}}) {
      CliHarness.Result result = run(Map.of("TENCENTCLOUD_WSA_APIKEY", CANARY), "", command);
      assertThat(result.exit()).as(String.join(" ", command)).isEqualTo(DshMain.USAGE_OR_CONFIG);
      assertThat(result.err()).as(String.join(" ", command)).isEqualTo(named);
    }
    CliHarness.Result add = run(Map.of(), "", "plugin", "add", CliHarness.pluginJar().toString());
    assertThat(add.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(add.err())
        .isEqualTo(
            "dsh: could not install "
                + CliHarness.pluginJar()
                + ": "
                + plugins
                + " is a file, not a folder\n");
    assertThat(Files.readString(plugins)).isEqualTo("not a folder");
  }

  @Test
  void aJarTargetThatIsAFolderIsNamedByPluginAdd() throws IOException {
    Path target = home.resolve("plugins").resolve(CliHarness.PLUGIN_ID + ".jar");
    Files.delete(target);
    Files.createDirectories(target);

    CliHarness.Result result = run(Map.of(), "", "plugin", "add", CliHarness.pluginJar().toString());

    assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(result.err())
        .isEqualTo(
            "dsh: could not install "
                + CliHarness.pluginJar()
                + ": "
                + target
                + " is a folder, not a file; remove it\n");
    assertThat(target).isDirectory();
  }

  @Test
  void aHomeThatIsAFileIsNamedAsSuch() throws IOException {
    Path file = Files.writeString(elsewhere.resolve("home-file"), "x");

    for (String[] command :
        new String[][] {{"search", "q"}, {"--dump-config"}, {"credentials", "set", "K"}, {"plugin", "list"}}) {
      CliHarness.Result result = CliHarness.run(file, Map.of(), "sk-value", command);
      assertThat(result.exit()).as(String.join(" ", command)).isEqualTo(DshMain.USAGE_OR_CONFIG);
      assertThat(result.err())
          .as(String.join(" ", command))
          .isEqualTo(
              "dsh: cannot read profiles/default/profile.yml: " + file + " is a file, not a folder\n");
    }
    CliHarness.Result add = CliHarness.run(file, Map.of(), "", "plugin", "add", CliHarness.pluginJar().toString());
    assertThat(add.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(add.err())
        .isEqualTo(
            "dsh: could not install " + CliHarness.pluginJar() + ": " + file + " is a file, not a folder\n");
  }
}
