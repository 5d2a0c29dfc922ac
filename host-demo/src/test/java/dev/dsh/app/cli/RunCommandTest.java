package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code dsh run} driven through its stdin, with the real plugin jar and a
 * loopback stub; plus {@code plugin remove} and a corrupt jar while it runs.
 */
class RunCommandTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String APPLIED = "applied root/" + RealPluginJar.ROW_ID + " ";
  private static final String UPDATED = "updated root/" + RealPluginJar.ROW_ID + " ";
  private static final String LOADED = "loaded plugin " + RealPluginJar.PLUGIN_ID + "@";
  private static final String UNLOADED = "unloaded plugin " + RealPluginJar.PLUGIN_ID + "@";

  @TempDir Path work;

  private Path home;
  private Path installed;
  private SearchProStub stub;
  private final List<RunSession> sessions = new ArrayList<>();

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    installed = home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar");
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    // The bundle is listed and the row aimed at the stub; whether the jar is there is per test.
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @AfterEach
  void tearDown() throws Exception {
    for (RunSession session : sessions) {
      session.close();
    }
    stub.close();
  }

  @Test
  void aJarDroppedIntoPluginsServesSearchesSoonAfter() throws Exception {
    Files.delete(installed);
    RunSession run = start();
    run.awaitErr(0, "profile \"default\" is not applied, so no plugin row runs");
    assertThat(status(run).get("providers")).isEmpty();

    List<Long> delays = new ArrayList<>();
    for (int drop = 1; drop <= 2; drop++) { // the second proves the unload left it loadable
      int mark = run.errMark();
      long dropped = System.nanoTime();
      Files.copy(RealPluginJar.path(), installed);
      run.awaitErr(mark, APPLIED, Duration.ofSeconds(10));
      delays.add((System.nanoTime() - dropped) / 1_000_000);

      String raw = run.ask("search --json drop " + drop);
      JsonNode answer = JSON.readTree(raw);
      assertThat(answer.path("provider").asString("")).as(raw).isEqualTo("yuanbao");
      assertThat(answer.get("sources").get(0).get("url").asString())
          .isEqualTo("https://example.com/a");

      mark = run.errMark();
      Files.delete(installed);
      run.awaitErr(mark, UNLOADED);
    }
    System.out.println("jar drop -> serving, ms: " + delays);
    assertThat(stub.requests()).extracting(StubRequest::body)
        .containsExactly(
            "{\"Query\":\"drop 1\",\"Cnt\":10}",
            "{\"Query\":\"drop 2\",\"Cnt\":10}");
  }

  @Test
  void aCountOrBaseUrlChangedInThePatchReachesTheNextSearchWithoutARestart() throws Exception {
    RunSession run = startAndAwaitApplied();
    assertThat(run.ask("search --json one")).contains("\"provider\":\"yuanbao\"");

    int mark = run.errMark();
    CliHarness.writeUserLayer(home, stub.baseUrl(), "count: 20");
    run.awaitErr(mark, UPDATED);
    assertThat(run.ask("search --json two")).contains("\"provider\":\"yuanbao\"");

    try (SearchProStub other = SearchProStub.answering(SearchProAnswers.onePage("b"))) {
      mark = run.errMark();
      CliHarness.writeUserLayer(home, other.baseUrl(), "count: 20");
      run.awaitErr(mark, UPDATED);
      JsonNode answer = JSON.readTree(run.ask("search --json three"));

      assertAll(
          () -> assertThat(answer.get("sources").get(0).get("url").asString())
              .isEqualTo("https://example.com/b"),
          () -> assertThat(stub.requests()).extracting(StubRequest::body)
              .containsExactly(
                  "{\"Query\":\"one\",\"Cnt\":10}", "{\"Query\":\"two\",\"Cnt\":20}"),
          () -> assertThat(other.requests()).extracting(StubRequest::body)
              .containsExactly("{\"Query\":\"three\",\"Cnt\":20}"),
          () -> assertThat(run.errLines()).as("taken in place: applied once, never unloaded")
              .filteredOn(line -> line.contains(APPLIED) || line.contains(UNLOADED)
                  || line.contains("disposed root/" + RealPluginJar.ROW_ID))
              .hasSize(1));
    }
  }

  @Test
  void aBrokenPatchIsReportedAndThePreviousTreeKeepsServing() throws Exception {
    RunSession run = startAndAwaitApplied();
    int mark = run.errMark();

    Path patch = home.resolve("profiles/default/cordis.patch.yml");
    Files.writeString(patch, "- id: [unclosed\n");
    String reported = run.awaitErr(mark, "profile not applied");

    assertThat(reported).contains("cordis.patch.yml").contains("line");
    assertThat(run.ask("search --json still")).contains("https://example.com/a");

    mark = run.errMark();
    CliHarness.writeUserLayer(home, stub.baseUrl(), "count: 30");
    run.awaitErr(mark, UPDATED);
    assertThat(run.ask("search --json fixed")).contains("https://example.com/a");
    assertThat(stub.requests()).extracting(StubRequest::body)
        .containsExactly("{\"Query\":\"still\",\"Cnt\":10}", "{\"Query\":\"fixed\",\"Cnt\":30}");
  }

  @Test
  void aBadValueInThePatchIsReportedInStatusTooAndTheRowKeepsItsConfig() throws Exception {
    RunSession run = startAndAwaitApplied();
    assertThat(status(run).has("refusedConfigs")).isFalse();
    int mark = run.errMark();

    CliHarness.writeUserLayer(home, stub.baseUrl(), "count: 15");
    String reported = run.awaitErr(mark, "keeps its previous config");
    JsonNode refused = status(run).get("refusedConfigs");

    String layer = "user layer profiles/default/cordis.patch.yml";
    String why = "/count: must be one of 10, 20, 30, 40, 50 (got 15)";
    assertThat(reported).isEqualTo("dsh: row \"" + RealPluginJar.ROW_ID + "\" keeps its previous"
        + " config, the one from " + layer + " is refused: " + why);
    assertThat(refused.toString()).isEqualTo("[{\"row\":\"" + RealPluginJar.ROW_ID
        + "\",\"layer\":\"" + layer + "\",\"error\":\"" + why + "\"}]");
    assertThat(run.ask("search --json same")).contains("https://example.com/a");
    assertThat(stub.requests()).extracting(StubRequest::body)
        .containsExactly("{\"Query\":\"same\",\"Cnt\":10}");

    mark = run.errMark();
    CliHarness.writeUserLayer(home, stub.baseUrl(), "count: 20");
    run.awaitErr(mark, UPDATED);
    assertThat(status(run).has("refusedConfigs")).as("gone once the edit applies").isFalse();
  }

  @Test
  void deletingTheJarAbortsTheInFlightSearchAndRemovesTheProvider() throws Exception {
    RunSession run = startAndAwaitApplied();
    stub.holdAnswers();
    run.send("search --json held");
    stub.awaitRequest(RunSession.SOON);
    int mark = run.errMark();

    Files.delete(installed);
    JsonNode printed = JSON.readTree(run.nextLine());

    assertThat(printed.get("error").get("code").asString()).isEqualTo("WEB_ABORTED");
    run.awaitErr(mark, UNLOADED);
    JsonNode status = status(run);
    assertAll(
        () -> assertThat(status.get("plugins")).isEmpty(),
        () -> assertThat(status.get("providers")).isEmpty(),
        () -> assertThat(ids(status.get("scopes"))).doesNotContain("root/" + RealPluginJar.ROW_ID),
        () -> assertThat(run.errLines().subList(mark, run.errLines().size()))
            .anyMatch(line -> line.contains("disposed root/" + RealPluginJar.ROW_ID)));
  }

  @Test
  void replacingTheJarWithANewBuildReloadsIt() throws Exception {
    RunSession run = startAndAwaitApplied();
    Path newBuild = RealPluginJar.rebuiltTo(work.resolve("new-build.jar"), "rebuilt");
    int mark = run.errMark();

    Files.copy(newBuild, installed, StandardCopyOption.REPLACE_EXISTING);
    run.awaitErr(mark, APPLIED);

    List<String> events =
        run.errLines().subList(mark, run.errLines().size()).stream()
            .filter(line -> line.contains(UNLOADED) || line.contains(LOADED) || line.contains(APPLIED))
            .map(line -> line.contains(UNLOADED) ? "unloaded" : line.contains(LOADED) ? "loaded" : "applied")
            .toList();
    assertThat(events).containsExactly("unloaded", "loaded", "applied");
    assertThat(run.ask("search --json after")).contains("https://example.com/a");
    try (Stream<Path> cached = Files.list(home.resolve(".cache/plugins"))) {
      assertThat(cached).as("only the new build's copy is kept").hasSize(1);
    }
  }

  @Test
  void statusPrintsOneJsonLineWithPluginsScopesAndProviders() throws Exception {
    RunSession run = startAndAwaitApplied();

    String line = run.ask("status");
    JsonNode status = JSON.readTree(line);

    assertAll(
        () -> assertThat(status.propertyNames()).containsExactly("plugins", "scopes", "providers"),
        () -> assertThat(status.get("plugins").toString())
            .isEqualTo(
                "[{\"id\":\"" + RealPluginJar.PLUGIN_ID + "\",\"version\":\""
                    + RealPluginJar.version() + "\",\"state\":\"STARTED\"}]"),
        () -> assertThat(status.get("providers").toString())
            .isEqualTo("[{\"id\":\"yuanbao\",\"available\":true,\"ready\":true}]"),
        () -> assertThat(ids(status.get("scopes")))
            .contains("root/env", "root/credentials", "root/web", "root/tool-web",
                "root/" + RealPluginJar.ROW_ID),
        () -> assertThat(status.get("scopes"))
            .allSatisfy(scope -> assertThat(scope.propertyNames()).containsExactly("id", "state"))
            .allSatisfy(scope -> assertThat(scope.get("state").asString()).isEqualTo("ACTIVE")));
  }

  @Test
  void quitExitsZeroAndDisposesEverything() throws Exception {
    RunSession run = startAndAwaitApplied();
    int mark = run.errMark();

    run.send("quit");

    assertThat(run.awaitExit()).isZero();
    assertDisposedEverything(run, mark);
  }

  @Test
  void endOfInputExitsZeroAndDisposesEverything() throws Exception {
    RunSession run = startAndAwaitApplied();
    int mark = run.errMark();

    run.endInput();

    assertThat(run.awaitExit()).isZero();
    assertDisposedEverything(run, mark);
  }

  @Test
  void pluginRemoveWhileRunningUnloadsIt() throws Exception {
    RunSession run = startAndAwaitApplied();
    int mark = run.errMark();

    CliHarness.Result removed =
        CliHarness.run(home, ENV, "", "plugin", "remove", RealPluginJar.PLUGIN_ID);

    assertThat(removed.exit()).as(removed.err()).isZero();
    run.awaitErr(mark, UNLOADED);
    JsonNode status = status(run);
    assertThat(status.get("plugins")).isEmpty();
    assertThat(status.get("providers")).isEmpty();
  }

  @Test
  void aCorruptJarDroppedWhileRunningIsReportedOnceAndTheGoodOneKeepsServing() throws Exception {
    RunSession run = startAndAwaitApplied();
    int mark = run.errMark();

    Files.write(home.resolve("plugins/a-broken.jar"), "this is not a zip".getBytes());
    String reported = run.awaitErr(mark, "a-broken.jar");

    assertThat(reported).contains("not a valid jar");
    assertThat(run.ask("search --json beside")).contains("https://example.com/a");
    CliHarness.writeUserLayer(home, stub.baseUrl(), "count: 20"); // one more reload
    run.awaitErr(mark, UPDATED);
    assertThat(run.errLines()).filteredOn(l -> l.contains("a-broken.jar")).hasSize(1);
  }

  @Test
  void statusAnswersWhileAJarInPluginsIsStillBeingWritten() throws Exception {
    RunSession run = startAndAwaitApplied();
    Path slow = home.resolve("plugins/b-slow.jar");
    AtomicBoolean answered = new AtomicBoolean();
    long started = System.nanoTime();
    Thread writer =
        new Thread(
            () -> {
              // Grows until status has answered (the loader waits for it to settle meanwhile),
              // bounded by the loader's own 10 s give-up.
              try (OutputStream out = Files.newOutputStream(slow)) {
                while (!answered.get() && System.nanoTime() - started < 9_000_000_000L) {
                  out.write(new byte[512]);
                  out.flush();
                  Thread.sleep(100);
                }
              } catch (IOException | InterruptedException e) {
                // the test has ended
              }
            },
            "test-slow-writer");
    writer.start();
    Thread.sleep(1000); // the watcher has seen the file and the loader is waiting on it

    JsonNode status = status(run);
    long answeredAfterMs = (System.nanoTime() - started) / 1_000_000;
    answered.set(true);
    writer.join(10_000);

    assertThat(answeredAfterMs).as("status answered while the jar was still written").isLessThan(9_000);
    assertThat(status.get("providers").toString()).contains("yuanbao");
  }

  private RunSession start() {
    RunSession session = RunSession.start(home, ENV);
    sessions.add(session);
    return session;
  }

  private RunSession startAndAwaitApplied() {
    RunSession run = start();
    run.awaitErr(0, APPLIED);
    return run;
  }

  private static JsonNode status(RunSession run) {
    String line = run.ask("status");
    return JSON.readTree(line);
  }

  private static List<String> ids(JsonNode array) {
    List<String> ids = new ArrayList<>();
    array.forEach(node -> ids.add(node.get("id").asString()));
    return ids;
  }

  private void assertDisposedEverything(RunSession run, int mark) throws Exception {
    List<String> after = run.errLines().subList(mark, run.errLines().size());
    assertAll(
        () -> assertThat(after).anyMatch(l -> l.contains("disposed root/" + RealPluginJar.ROW_ID)),
        () -> assertThat(after).anyMatch(l -> l.contains("disposed root/web ")),
        () -> assertThat(after).anyMatch(l -> l.contains("disposed root/credentials ")),
        () -> assertThat(after).anyMatch(l -> l.contains(UNLOADED)),
        () -> assertThat(run.outLines()).isEmpty());
    try (Stream<Path> cached = Files.list(home.resolve(".cache/plugins"))) {
      assertThat(cached).as("no copy is left").isEmpty();
    }
    long deadline = System.nanoTime() + RunSession.SOON.toNanos();
    while (System.nanoTime() < deadline && !liveThreads().isEmpty()) {
      Thread.sleep(50);
    }
    assertThat(liveThreads()).as("watcher and plugin threads").isEmpty();
  }

  private static List<String> liveThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .map(Thread::getName)
        .filter(name -> name.equals("dsh-watcher") || name.startsWith("dsh-yuanbao-"))
        .toList();
  }
}
