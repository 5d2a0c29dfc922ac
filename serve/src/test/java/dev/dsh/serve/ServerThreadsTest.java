package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A closed server leaves no thread behind (the SDK's session sweeper included), so an embedder
 * that serves and closes can start another and its JVM can exit.
 */
class ServerThreadsTest {

  private static final Duration BOUND = Duration.ofSeconds(20); // a hang bound: threads ending

  @TempDir Path home;

  @Test
  void aClosedServerLeavesNoThreadOfItsOwn() throws Exception {
    List<String> before = serverThreads();
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      for (int i = 0; i < 2; i++) {
        try (ServedHost served = ServedHost.start(home.resolve("h" + i), stub.baseUrl(), "")) {
          assertThat(served.postJson("/api/search", "{\"query\": \"q\"}").statusCode())
              .isEqualTo(200);
          assertThat(serverThreads()).isNotEmpty();
        }
      }
    }

    long end = System.nanoTime() + BOUND.toNanos();
    while (!serverThreads().equals(before) && System.nanoTime() < end) {
      Thread.sleep(50);
    }
    assertThat(serverThreads()).isEqualTo(before);
  }

  /** The live threads a server starts: Jetty's pool, MCP sessions, the SDK's sweeper. */
  private static List<String> serverThreads() {
    return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith("dsh-http") || name.startsWith("dsh-mcp")
            || name.contains("session-sweeper"))
        .sorted().toList();
  }
}
