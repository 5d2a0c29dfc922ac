package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebSearchRequest;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a search costs the JVM beyond its own work, in a JVM of its own: the build's {@code
 * fresh-jvm} execution runs this class alone with {@code -XX:ActiveProcessorCount=1} and no other
 * flag (so the JDK's common pool has parallelism 1, where its default async pool starts a thread
 * per task).
 */
class FreshJvmTest {

  private static SearchProStub server;
  private static String baseUrl;

  @BeforeAll
  static void start() {
    server = SearchProStub.answering(StubReply.json(TestSupport.fixture("03-premium-cnt50.json")));
    baseUrl = server.baseUrl();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void aThousandSearchesStartNoThread() throws Exception {
    assertThat(Runtime.getRuntime().availableProcessors())
        .as("run with -XX:ActiveProcessorCount=1 (the fresh-jvm execution)")
        .isEqualTo(1);
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(baseUrl))) {
      for (int i = 0; i < 100; i++) { // warm-up: the client's selector, pool threads, keep-alive
        TestSupport.search(provider, "q");
      }
      long before = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
      long newestBefore = newestThreadId();
      // Eight at a time, so the pool needs more than one thread; 40 warm-up rounds first.
      for (int round = 0; round < 165; round++) {
        CompletableFuture<?>[] batch = new CompletableFuture<?>[8];
        for (int i = 0; i < batch.length; i++) {
          batch[i] =
              provider.search(WebSearchRequest.of("q"), AbortSignal.never()).toCompletableFuture();
        }
        CompletableFuture.allOf(batch).get(30, TimeUnit.SECONDS);
        if (round == 39) {
          before = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount();
          newestBefore = newestThreadId();
        }
      }
      long started = ManagementFactory.getThreadMXBean().getTotalStartedThreadCount() - before;
      // Not zero: the JVM adds and retires compiler threads as code warms up, and the pool may
      // still grow by a thread or two towards the peak concurrency of the exchanges' tasks. With
      // a thread per response, as through sendAsync's default hand-over, it would be about 1,000;
      // 50 leaves room for compiler threads on a loaded machine (12 seen) and still tells the two.
      System.out.println("fresh JVM, 1 CPU: " + started + " threads started during 1,000 searches");
      long since = newestBefore;
      assertThat(started)
          .as(
              () ->
                  "threads started during 1,000 searches; alive of them: "
                      + Thread.getAllStackTraces().keySet().stream()
                          .filter(t -> t.getId() > since)
                          .map(Thread::getName)
                          .toList())
          .isLessThanOrEqualTo(50);
    }
  }

  private static long newestThreadId() {
    return Thread.getAllStackTraces().keySet().stream().mapToLong(Thread::getId).max().orElse(0);
  }
}
