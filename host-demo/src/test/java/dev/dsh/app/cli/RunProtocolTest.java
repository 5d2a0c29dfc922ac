package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.host.testing.RealPluginJar;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code dsh run}'s line protocol — every line one answer, in the
 * order asked, status at once, quit aborting what runs — and bad lines answered, never fatal.
 */
class RunProtocolTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String APPLIED = "applied root/" + RealPluginJar.ROW_ID + " ";

  @RegisterExtension
  static final SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));

  @TempDir static Path work;
  /** One session for the tests that leave it serving; those that end it start their own. */
  private static RunSession shared;
  private static int homes;
  private final List<RunSession> sessions = new ArrayList<>();

  @AfterEach
  void tearDown() throws Exception {
    stub.release();
    for (RunSession session : sessions) {
      session.close();
    }
  }

  @AfterAll
  static void closeShared() throws Exception {
    if (shared != null) {
      shared.close();
    }
  }

  private static RunSession shared() {
    if (shared == null) {
      shared = boot();
    }
    return shared;
  }

  @Test
  void aTimeoutOrCountOutOfRangeIsAnsweredAndTheServerKeepsServing() throws Exception {
    RunSession run = shared();

    String tooLong = run.ask("search --timeout 999999999m q");
    JsonNode tooMany = JSON.readTree(run.ask("search --json --max-results 99999999999 q"));
    String noDigits = run.ask("search --timeout 9999999999 q");

    assertAll(
        () -> assertThat(tooLong).isEqualTo("Error: search: Invalid value for option '--timeout':"
            + " '999999999m' is out of range: allowed is 1ms to 60m (1 hour)"),
        () -> assertThat(tooMany.get("error").get("code").asString()).isEqualTo("USAGE"),
        () -> assertThat(tooMany.get("error").get("message").asString())
            .isEqualTo("search: Invalid value for option '--max-results': '99999999999' is out of"
                + " range: allowed is 1 to 100"),
        () -> assertThat(noDigits).contains("'--timeout'").contains("out of range")
            .doesNotContain("not a duration"));
    assertThat(run.ask("search --json served")).contains("\"url\":\"https://example.com/a\"");
    assertThat(stub.requests()).hasSize(1);
    assertThat(run.errLines()).noneMatch(line -> line.contains("internal error"));
  }

  @Test
  void statusIsAnsweredAtOnceWhileASearchWaitsForItsAnswer() throws Exception {
    RunSession run = shared();
    stub.holdAnswers();
    run.send("search --json held");
    stub.awaitRequest(RunSession.SOON);

    // The search is held until released: a status that waited for it would never come.
    JsonNode status = JSON.readTree(run.ask("status"));
    stub.release();
    JsonNode result = JSON.readTree(run.nextLine());

    assertThat(status.has("providers")).isTrue();
    assertThat(result.get("sources").get(0).get("url").asString()).isEqualTo("https://example.com/a");
  }

  @Test
  void answersPrintInTheOrderTheLinesWereRead() throws Exception {
    RunSession run = shared();
    stub.holdAnswers();
    run.send("search --json first");
    stub.awaitRequest(RunSession.SOON);
    run.send("frobnicate"); // answered at once, but printed after the search asked before it
    run.send("search --json second");
    stub.awaitRequest(RunSession.SOON);
    JsonNode status = JSON.readTree(run.ask("status"));

    stub.release();
    List<String> answers = List.of(run.nextLine(), run.nextLine(), run.nextLine());

    assertThat(status.has("scopes")).isTrue();
    assertAll(
        () -> assertThat(answers.get(0)).startsWith("{\"provider\":\"yuanbao\""),
        () -> assertThat(answers.get(1))
            .isEqualTo("Error: unknown command \"frobnicate\": use search, status or quit"),
        () -> assertThat(answers.get(2)).startsWith("{\"provider\":\"yuanbao\""));
    assertThat(stub.requests()).extracting(StubRequest::body)
        .containsExactly("{\"Query\":\"first\",\"Cnt\":10}", "{\"Query\":\"second\",\"Cnt\":10}");
  }

  @Test
  void quitAbortsTheRunningSearchesEachAnsweringWebAbortedAndExitsZero() throws Exception {
    long outputThreads = outputThreads(); // the shared session's, if it runs
    RunSession run = start();
    stub.holdAnswers();
    run.send("search --json one");
    run.send("search --json two");
    stub.awaitRequest(RunSession.SOON);
    stub.awaitRequest(RunSession.SOON);

    long asked = System.nanoTime();
    run.send("quit");
    String first = run.nextLine();
    String second = run.nextLine();

    assertThat(run.awaitExit()).isZero();
    assertThat((System.nanoTime() - asked) / 1_000_000)
        .as("quit did not wait for the searches' 30 s timeout").isLessThan(10_000);
    assertThat(JSON.readTree(first).get("error").get("code").asString()).isEqualTo("WEB_ABORTED");
    assertThat(JSON.readTree(second).get("error").get("code").asString()).isEqualTo("WEB_ABORTED");
    assertThat(run.outLines()).hasSize(2);
    long deadline = System.nanoTime() + RunSession.SOON.toNanos();
    while (System.nanoTime() < deadline && outputThreads() > outputThreads) {
      Thread.sleep(20);
    }
    assertThat(outputThreads()).as("the output thread ends with the loop")
        .isLessThanOrEqualTo(outputThreads);
  }

  private static long outputThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> thread.getName().equals("dsh-run-output")).count();
  }

  @Test
  void endOfInputAbortsTheRunningSearchTooAndExitsZero() throws Exception {
    RunSession run = start();
    stub.holdAnswers();
    run.send("search --json held");
    stub.awaitRequest(RunSession.SOON);

    run.endInput();

    assertThat(JSON.readTree(run.nextLine()).get("error").get("code").asString())
        .isEqualTo("WEB_ABORTED");
    assertThat(run.awaitExit()).isZero();
  }

  @Test
  void aLineThatCannotBeParsedGetsOneErrorLine() throws Exception {
    RunSession run = shared();

    String unclosed = run.ask("search \"drones");
    JsonNode unclosedJson = JSON.readTree(run.ask("search --json \"drones"));
    String blank = run.ask("search --max-results 3");
    JsonNode unknownOption = JSON.readTree(run.ask("search --json --frob x"));

    assertAll(
        () -> assertThat(unclosed).isEqualTo("Error: unclosed quote in: search \"drones"),
        () -> assertThat(unclosedJson.toString()).isEqualTo(
            "{\"error\":{\"code\":\"USAGE\",\"message\":\"unclosed quote in: search --json \\\"drones\"}}"),
        () -> assertThat(blank).startsWith("Error: search: Missing required parameter"),
        () -> assertThat(unknownOption.get("error").get("message").asString())
            .isEqualTo("search: Unknown option: '--frob'"));
    assertThat(run.ask("search --json ok")).contains("\"url\":\"https://example.com/a\"");
  }

  @Test
  void aHugeLineIsAnsweredByItsLengthAndALongCommandIsCut() throws Exception {
    RunSession run = shared();
    int mark = run.errMark();

    run.send("x".repeat(10 * 1024 * 1024));
    String huge = run.nextLine();
    String longCommand = run.ask("y".repeat(1000));

    assertThat(huge).isEqualTo("Error: the line is 10485760 bytes long; at most 65536 are read");
    assertThat(longCommand).isEqualTo(
        "Error: unknown command \"" + "y".repeat(80) + "… (1000 characters)\": use search, status"
            + " or quit");
    assertThat(String.join("\n", run.errLines().subList(mark, run.errLines().size())))
        .doesNotContain("xxxxxxxxxx").doesNotContain("yyyyyyyyyy");
    assertThat(run.ask("search --json ok")).contains("\"url\":\"https://example.com/a\"");
  }

  private RunSession start() {
    RunSession session = boot();
    sessions.add(session);
    return session;
  }

  private static RunSession boot() {
    Path home = work.resolve("home-" + ++homes);
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    RunSession session = RunSession.start(home, ENV);
    session.awaitErr(0, APPLIED);
    return session;
  }
}
