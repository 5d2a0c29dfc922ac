package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.internal.plugins.AdversarialPlugins;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the CLI: a plugin whose {@code apply} sleeps or throws beside the
 * healthy Yuanbao row, and a plugin that leaves a thread running after it is unloaded.
 */
class HostilePluginsTest {

  private static final Map<String, String> ENV =
      Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test", "DSH_PLUGIN_DEADLINE", "500ms");

  /** Where each adversarial jar is built, once for the class: a build is a compile. */
  @TempDir static Path built;
  private static final Map<String, Path> BUILT = new HashMap<>();

  @TempDir Path work;

  private Path home;
  private SearchProStub stub;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    stub = SearchProStub.answering(SearchProAnswers.onePage("ok"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @AfterEach
  void tearDown() {
    stub.close();
  }

  @Test
  void aSleepingApplyFailsItsRowAfterTheDeadlineAndTheSearchStillServes() throws IOException {
    enable("adv-sleep", installed("adv-sleep", AdversarialPlugins::sleeping));

    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("\"provider\":\"yuanbao\"");
    assertThat(result.err().lines().toList())
        .containsExactly(
            "dsh: row \"adv-sleep\" failed, auto-selection runs without it: apply did not return"
                + " within 500 ms; thread \"dsh-plugin root/adv-sleep apply\" is left in it");
  }

  @Test
  void aThrowingApplyIsOneLineWithItsCauseAndTheOtherRowsServe() throws IOException {
    enable("adv-throw", installed("adv-throw", AdversarialPlugins::throwing));

    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("\"provider\":\"yuanbao\"");
    assertThat(result.err().lines().toList())
        .containsExactly(
            "dsh: row \"adv-throw\" failed, auto-selection runs without it:"
                + " IllegalStateException: boom in apply");
  }

  @Test
  void verboseAddsTheStackTrace() throws IOException {
    enable("adv-throw", installed("adv-throw", AdversarialPlugins::throwing));

    CliHarness.Result result = CliHarness.run(home, ENV, "", "--verbose", "search", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err())
        .contains("dsh: row \"adv-throw\" failed, auto-selection runs without it:")
        .contains("java.lang.IllegalStateException: boom in apply")
        .contains("at test.advthrow.Entry.apply(");
  }

  @Test
  void aFailedRowWhileThePinnedProviderIsMissingEndsTheCommandWithExitTwo() throws IOException {
    enable("adv-throw", installed("adv-throw", AdversarialPlugins::throwing));
    Map<String, String> env = new HashMap<>(ENV);
    env.put("DSH_WEB_SEARCH_PROVIDER", "adv");

    CliHarness.Result result = CliHarness.run(home, env, "", "search", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.out()).isEmpty();
    assertThat(result.err())
        .contains("row \"adv-throw\" failed: IllegalStateException: boom in apply");
  }

  /**
   * The pin is read by one rule at boot and at selection, so {@code " yuanbao "}
   * pins {@code yuanbao} for both, and a failed row selection does not need is not fatal.
   */
  @Test
  void aPinWithSpacesAroundItPinsTheProviderAtBootAsSelectionDoes() throws IOException {
    enable("adv-throw", installed("adv-throw", AdversarialPlugins::throwing));
    Files.writeString(
        home.resolve("profiles/default/cordis.patch.yml"),
        "- id: " + CliHarness.ROW_ID + "\n  config: {baseURL: \"" + stub.baseUrl() + "\"}\n"
            + "- id: web\n  config: {searchProvider: \" yuanbao \"}\n");

    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("\"provider\":\"yuanbao\"");
    assertThat(result.err().lines().toList())
        .containsExactly(
            "dsh: row \"adv-throw\" failed, auto-selection runs without it:"
                + " IllegalStateException: boom in apply");
  }

  @Test
  void aPinnedVariableWithSpacesAroundItPinsTheProviderAtBootAsSelectionDoes() throws IOException {
    enable("adv-throw", installed("adv-throw", AdversarialPlugins::throwing));
    Map<String, String> env = new HashMap<>(ENV);
    env.put("DSH_WEB_SEARCH_PROVIDER", " yuanbao ");

    CliHarness.Result result = CliHarness.run(home, env, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("\"provider\":\"yuanbao\"");
  }

  @Test
  void aFailedBuiltInRowEndsTheCommandWithExitTwo() throws IOException {
    Files.writeString(
        home.resolve("profiles/default/cordis.patch.yml"),
        "- id: " + CliHarness.ROW_ID + "\n  config: {baseURL: \"" + stub.baseUrl() + "\"}\n"
            + "- id: web\n  config: {bogus: 1}\n");

    CliHarness.Result result = CliHarness.run(home, ENV, "", "search", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("row \"web\" failed: ");
  }

  @Test
  void dshRunServesAndQuitsBesideASleepingPlugin() throws Exception {
    enable("adv-sleep", installed("adv-sleep", AdversarialPlugins::sleeping));

    try (RunSession run = RunSession.start(home, ENV)) {
      run.awaitErr(0, "row \"adv-sleep\" failed: apply did not return within 500 ms");
      assertThat(run.ask("status")).contains("{\"id\":\"root/adv-sleep\",\"state\":\"FAILED\"}");
      assertThat(run.ask("search --json q")).contains("\"provider\":\"yuanbao\"");
      run.send("quit");
      assertThat(run.awaitExit()).isZero();
    }
  }

  @Test
  void threadsAPluginLeavesRunningAfterItsUnloadAreNamedOnStderrAndInStatus() throws Exception {
    Path jar = installed("adv-thread", AdversarialPlugins::leakyThread);
    enable("adv-thread", jar);

    try (RunSession run = RunSession.start(home, ENV)) {
      run.awaitErr(0, "applied root/adv-thread ");
      int mark = run.errMark();
      Files.delete(jar);
      run.awaitErr(mark, "unloaded plugin adv-thread@");
      run.awaitErr(mark, "plugin adv-thread left 1 thread running: " + AdversarialPlugins.LEAKY_THREAD);
      assertThat(run.ask("status"))
          .contains(
              "\"leftoverThreads\":[{\"plugin\":\"adv-thread\",\"thread\":\""
                  + AdversarialPlugins.LEAKY_THREAD + "\"}]");
    } finally {
      stopLeakyThreads();
    }
  }

  private interface Build {
    Path to(Path workDir, Path target) throws IOException;
  }

  /** The jar of {@code id}, built once for the class, copied into the home's plugins. */
  private Path installed(String id, Build build) throws IOException {
    Path jar = BUILT.get(id);
    if (jar == null) {
      jar = build.to(built, built.resolve(id + ".jar"));
      BUILT.put(id, jar);
    }
    return Files.copy(jar, home.resolve("plugins").resolve(id + ".jar"));
  }

  /** Lists {@code id}'s bundle beside the Yuanbao one. */
  private void enable(String id, Path jar) throws IOException {
    assertThat(jar).isRegularFile();
    Files.writeString(
        home.resolve("profiles/default/profile.yml"),
        "bundles: [" + CliHarness.PLUGIN_ID + ", " + id + "]\n");
  }

  private static void stopLeakyThreads() {
    List<Thread> leaky =
        Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().equals(AdversarialPlugins.LEAKY_THREAD))
            .toList();
    leaky.forEach(Thread::interrupt);
  }
}
