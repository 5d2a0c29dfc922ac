package dev.dsh.serve.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ConsoleSession;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code GET /api/events}, the console's live events over Server-Sent Events. */
class ConsoleEventsTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  /** A generous bound on anything waited for. */
  private static final long SOON_SECONDS = 20;
  private static final String END = "<end of stream>";

  @TempDir Path home;
  private SearchProStub stub;
  private ServedHost served;
  private final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() {
    served.close();
    stub.close();
  }

  /** Opens the stream with the session's cookie: its lines as they come, then {@link #END}. */
  private BlockingQueue<String> open(ConsoleSession session) throws Exception {
    HttpResponse<Stream<String>> response = client.sendAsync(
        session.request("/api/events").GET().build(), HttpResponse.BodyHandlers.ofLines())
        .get(SOON_SECONDS, TimeUnit.SECONDS);
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("text/event-stream"));
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    CompletableFuture.runAsync(() -> {
      try (Stream<String> body = response.body()) {
        body.forEach(lines::add);
      } catch (RuntimeException e) {
        // the server closed the connection
      }
      lines.add(END);
    });
    return lines;
  }

  /** The events read until one of {@code kind} whose text contains {@code text}. */
  private static List<JsonNode> until(BlockingQueue<String> lines, String kind, String text)
      throws InterruptedException {
    List<JsonNode> seen = new ArrayList<>();
    while (true) {
      String line = lines.poll(SOON_SECONDS, TimeUnit.SECONDS);
      assertThat(line).as("events so far: %s", seen).isNotNull().isNotEqualTo(END);
      assertThat(line).doesNotContain(ServedHost.KEY);
      if (line.startsWith("data: ")) {
        JsonNode event = JSON.readTree(line.substring("data: ".length()));
        seen.add(event);
        if (event.path("kind").asString().equals(kind)
            && event.path("text").asString().contains(text)) {
          return seen;
        }
      }
    }
  }

  @Test
  void theStreamReplaysTheBootThenGivesEachSearchLiveAndNeverTheKey() throws Exception {
    ConsoleSession session = ConsoleSession.signIn(served);
    BlockingQueue<String> lines = open(session);

    List<JsonNode> boot = until(lines, "lifecycle", "applied root/web-search-yuanbao");
    assertThat(boot.get(0).path("id").asLong()).isEqualTo(1);
    assertThat(boot.get(0).path("time").asString()).matches("\\d{4}-\\d\\d-\\d\\dT.*Z");
    JsonNode applied = boot.get(boot.size() - 1).path("lifecycle");
    assertThat(applied.path("kind").asString()).isEqualTo("applied");
    assertThat(applied.path("scope").asString()).isEqualTo("root/web-search-yuanbao");
    assertThat(applied.path("generation").asLong()).isPositive();

    assertThat(served.postJson("/api/search", "{\"query\": \"green tea\"}").statusCode())
        .isEqualTo(200);
    List<JsonNode> after = until(lines, "search", "green tea");

    JsonNode search = after.get(after.size() - 1).path("search");
    assertThat(search.path("query").asString()).isEqualTo("green tea");
    assertThat(search.path("provider").asString()).isEqualTo("yuanbao");
    assertThat(search.path("outcome").asString()).isEqualTo("ok");
    assertThat(search.path("code").isNull()).isTrue();
    assertThat(search.path("durationMs").asLong()).isNotNegative();
    assertThat(after.get(after.size() - 1).path("text").asString())
        .startsWith("search \"green tea\" via yuanbao: ok in ");
    // ids grow by one, across the replay and the live events
    List<Long> ids = Stream.concat(boot.stream(), after.stream())
        .map(event -> event.path("id").asLong()).toList();
    assertThat(ids).isSorted().doesNotHaveDuplicates();
    assertThat(ids.get(ids.size() - 1) - ids.get(0)).isEqualTo(ids.size() - 1);
  }

  @Test
  void aReconnectGetsOnlyTheEventsItMissed() throws Exception {
    ConsoleSession session = ConsoleSession.signIn(served);
    List<JsonNode> boot = until(open(session), "lifecycle", "applied root/web-search-yuanbao");
    long last = boot.get(boot.size() - 1).path("id").asLong();
    served.postJson("/api/search", "{\"query\": \"black tea\"}");

    HttpResponse<Stream<String>> again = client.sendAsync(session.request("/api/events")
        .header("Last-Event-ID", Long.toString(last)).GET().build(),
        HttpResponse.BodyHandlers.ofLines()).get(SOON_SECONDS, TimeUnit.SECONDS);
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    CompletableFuture.runAsync(() -> again.body().forEach(lines::add));
    List<JsonNode> missed = until(lines, "search", "black tea");

    assertThat(missed).allSatisfy(event -> assertThat(event.path("id").asLong()).isGreaterThan(last));
  }

  @Test
  void theDrainDoesNotWaitForAnOpenStreamAndEndsIt() throws Exception {
    ConsoleSession session = ConsoleSession.signIn(served);
    BlockingQueue<String> lines = open(session);
    until(lines, "lifecycle", "applied");

    CompletableFuture.runAsync(served.server()::shutdown).get(SOON_SECONDS, TimeUnit.SECONDS);

    String line;
    do {
      line = lines.poll(SOON_SECONDS, TimeUnit.SECONDS);
      assertThat(line).as("the stream ends").isNotNull();
    } while (!line.equals(END));
    assertThat(served.log()).noneMatch(l -> l.contains("still running at the drain deadline"));
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(thread -> thread.getName().startsWith("dsh-console-events") && thread.isAlive());
  }
}
