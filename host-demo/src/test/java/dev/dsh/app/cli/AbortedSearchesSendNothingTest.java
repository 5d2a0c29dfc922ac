package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.host.testing.RealPluginJar;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The concurrency cap's queue, through {@code dsh run} with the real plugin jar: with {@code
 * maxConcurrentSearches: 1} and a server that never answers, searches whose turn comes too near
 * their deadline are answered {@code WEB_ABORTED} with the one timeout wording, and never sent.
 * One session serves both tests: each reads only its own lines and requests.
 */
@Tag("timing") // runs alone, after the other classes (host-demo/pom.xml)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AbortedSearchesSendNothingTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String APPLIED = "applied root/" + RealPluginJar.ROW_ID + " ";

  private SearchProStub stub;
  private RunSession run;

  @BeforeAll
  void setUp(@TempDir Path home) {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    stub.holdAnswers();
    CliHarness.installPlugin(home, stub.baseUrl(), "maxConcurrentSearches: 1");
    run = RunSession.start(home, ENV);
    run.awaitErr(0, APPLIED);
  }

  @BeforeEach
  void forgetRequests() {
    stub.forgetRequests();
  }

  @AfterAll
  void tearDown() throws Exception {
    run.close();
    stub.close();
  }

  @Test
  void fourBehindOneHoldingTheSlotTimeOutUnsent() throws Exception {
    run.send("search --json --timeout 5s holder");
    stub.awaitRequest(RunSession.SOON);
    for (int i = 0; i < 4; i++) {
      run.send("search --json --timeout 1s behind-" + i);
    }

    // Answers print in the order of their lines: the holder's comes when its 5 s are up, then
    // the four that ended at 1 s.
    List<JsonNode> answers = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      answers.add(JSON.readTree(run.nextLine()));
    }

    assertThat(stub.requests()).extracting(StubRequest::body)
        .containsExactly("{\"Query\":\"holder\",\"Cnt\":10}");
    assertThat(answers.get(0).get("error")).isEqualTo(JSON.readTree(
        "{\"code\":\"WEB_ABORTED\",\"message\":\"web search timed out after 5 s\"}"));
    assertThat(answers.subList(1, 5))
        .allSatisfy(answer -> assertThat(answer.get("error")).isEqualTo(JSON.readTree(
            "{\"code\":\"WEB_ABORTED\",\"message\":\"web search timed out after 1 s\"}")));
  }

  @Test
  void twentyWithTheSameTimeoutSendOnlyThoseWithTimeLeft() throws Exception {
    // Each line's deadline starts when it is read, so the twenty are as close as the input thread
    // reads them: warm its parse (lines refused at once, sending nothing), and let a first search
    // build the provider's HTTP client, which would delay the next line by far more.
    for (int i = 0; i < 50; i++) {
      run.send("search --max-results 0 warm-up");
      assertThat(run.nextLine()).startsWith("Error: search: ");
    }
    run.send("search --json --timeout 1500ms warm-up");
    stub.awaitRequest(RunSession.SOON);
    assertThat(JSON.readTree(run.nextLine()).path("error").path("code").asString())
        .isEqualTo("WEB_ABORTED");

    int first = run.outLines().size();
    StringBuilder lines = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      lines.append("search --json --timeout 1s q").append(i).append('\n');
    }
    run.send(lines.toString().stripTrailing());
    List<JsonNode> answers = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      answers.add(JSON.readTree(run.nextLine()));
    }

    assertThat(answers).allSatisfy(answer -> assertThat(answer.get("error")).isEqualTo(JSON.readTree(
        "{\"code\":\"WEB_ABORTED\",\"message\":\"web search timed out after 1 s\"}")));
    Thread.sleep(Duration.ofMillis(200).toMillis()); // a request sent at the last moment arrives
    List<String> sent = stub.requests().stream()
        .map(request -> JSON.readTree(request.body()).path("Query").asString())
        .toList();
    assertThat(sent.subList(0, 2)).containsExactly("warm-up", "q0");

    // Each deadline starts when its line is read, so under load the twenty spread out: a search
    // behind q_a is sent only with 50 ms left when q_a's deadline frees the slot, that is only if
    // its line was read at least 50 ms after q_a's. Answers print at their deadlines, in line
    // order, so their arrival shows the spread; 25 ms leaves room for the printing's own jitter.
    // On a quiet machine the twenty are read within a few milliseconds and only q0 is sent.
    List<Long> arrivals = run.outArrivals().subList(first, first + 20);
    for (int k = 2; k < sent.size(); k++) {
      int a = Integer.parseInt(sent.get(k - 1).substring(1));
      int b = Integer.parseInt(sent.get(k).substring(1));
      assertThat(Duration.ofNanos(arrivals.get(b) - arrivals.get(a)))
          .as("%s sent after %s, their lines read %s apart", sent.get(k), sent.get(k - 1),
              Duration.ofNanos(arrivals.get(b) - arrivals.get(a)))
          .isGreaterThanOrEqualTo(Duration.ofMillis(25));
    }
  }
}
