package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** {@code maxConcurrentSearches}, a FIFO line, aborts that leave it. */
class ConcurrencyCapTest {

  private static final long BOUND_MILLIS = 20_000;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private SearchProStub server;

  @BeforeEach
  void start() {
    server = SearchProStub.answering(StubReply.json(TestSupport.fixture("21-empty-pages.json")));
    server.holdAnswers();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void twentySearchesUnderACapOfTwoNeverPutMoreThanTwoAtTheServerAndStartInOrder() {
    try (YuanbaoSearchProvider provider = provider(2)) {
      List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        searches.add(
            provider.search(WebSearchRequest.of("q" + i), AbortSignal.never()).toCompletableFuture());
      }
      for (int released = 0; released < 20; released++) {
        int expectedHeld = Math.min(2, 20 - released);
        awaitTrue(() -> server.heldAnswers() == expectedHeld);
        // Wait until the released request has left: else the next round could see it still held
        // and release another, two searches would start at once, and a delayed one be overtaken.
        int passed = server.passedAnswers();
        server.releaseOne();
        awaitTrue(() -> server.passedAnswers() == passed + 1);
      }
      searches.forEach(s -> assertThat(s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join()).isNotNull());
      assertThat(server.mostHeldAtOnce()).isEqualTo(2);
      List<String> seen = queries();
      assertThat(seen).hasSize(20);
      for (int i = 0; i < 20; i++) {
        // Started in order; two in flight may reach the server in either order.
        assertThat(Math.abs(seen.indexOf("q" + i) - i)).as("position of q%d in %s", i, seen).isLessThanOrEqualTo(1);
      }
    }
  }

  @Test
  void abortedWaitingSearchesLeaveAtOnceAndSendNothing() {
    try (YuanbaoSearchProvider provider = provider(2)) {
      List<CompletableFuture<WebSearchResult>> held = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        held.add(search(provider, "held" + i, AbortSignal.never()));
      }
      awaitTrue(() -> server.heldAnswers() == 2);
      List<CompletableFuture<WebSearchResult>> waiting = new ArrayList<>();
      List<AbortController> controllers = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        AbortController controller = new AbortController();
        controllers.add(controller);
        waiting.add(search(provider, "waiting" + i, controller.signal()));
      }
      assertThat(waiting).noneMatch(CompletableFuture::isDone);
      for (int i = 0; i < 5; i++) {
        controllers.get(i).abort();
        assertThat(waiting.get(i)).isDone();
        assertThat(TestSupport.failure(waiting.get(i)).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
      }
      CompletableFuture<WebSearchResult> after = search(provider, "after", AbortSignal.never());
      server.releaseOne();
      server.releaseOne();
      awaitTrue(() -> server.heldAnswers() == 1);
      server.releaseOne();
      held.forEach(s -> s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join());
      after.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join();
      assertThat(queries()).containsExactlyInAnyOrder("held0", "held1", "after");
    }
  }

  @Test
  void oneAbortOfRunningAndWaitingSearchesSendsNothingMore() {
    try (YuanbaoSearchProvider provider = provider(2)) {
      // As the web service does: each search's own signal linked to the caller's one.
      AbortController caller = new AbortController();
      List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
      for (int i = 0; i < 7; i++) {
        searches.add(
            search(provider, "q" + i, AbortController.linkedTo(caller.signal()).signal()));
      }
      awaitTrue(() -> server.heldAnswers() == 2);

      caller.abort();

      for (CompletableFuture<WebSearchResult> s : searches) {
        assertThat(TestSupport.failure(s).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
      }
      assertThat(queries()).containsExactlyInAnyOrder("q0", "q1");
    }
  }

  @Test
  void aReconfiguredCapAppliesToSearchesThatStartAfterIt() {
    try (YuanbaoSearchProvider provider = provider(1)) {
      CompletableFuture<WebSearchResult> first = search(provider, "first", AbortSignal.never());
      awaitTrue(() -> server.heldAnswers() == 1);
      provider.reconfigure(Configs.withMaxConcurrentSearches(TestSupport.config(server.baseUrl()), 3));
      CompletableFuture<WebSearchResult> second = search(provider, "second", AbortSignal.never());
      CompletableFuture<WebSearchResult> third = search(provider, "third", AbortSignal.never());
      awaitTrue(() -> server.heldAnswers() == 3);
      for (int i = 0; i < 3; i++) {
        server.releaseOne();
      }
      List.of(first, second, third).forEach(s -> s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join());
      assertThat(server.mostHeldAtOnce()).isEqualTo(3);
    }
  }

  private YuanbaoSearchProvider provider(int cap) {
    return TestSupport.provider(
        Configs.withMaxConcurrentSearches(TestSupport.config(server.baseUrl()), cap));
  }

  private static CompletableFuture<WebSearchResult> search(
      YuanbaoSearchProvider provider, String query, AbortSignal signal) {
    return provider.search(WebSearchRequest.of(query), signal).toCompletableFuture();
  }

  @Test
  void twentySearchesInFlightRunOnAFewThreadsThatEndWhenTheProviderCloses() {
    YuanbaoSearchProvider provider = provider(20);
    List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      searches.add(
          provider.search(WebSearchRequest.of("q" + i), AbortSignal.never()).toCompletableFuture());
    }
    awaitTrue(() -> server.heldAnswers() == 20);
    assertThat(TestSupport.threadsNamed(provider.threadPrefix)).isBetween(1L, (long) YuanbaoSearchProvider.POOL_SIZE);
    for (int i = 0; i < 20; i++) {
      server.releaseOne();
    }
    searches.forEach(s -> assertThat(s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join()).isNotNull());
    assertThat(TestSupport.threadsNamed(provider.threadPrefix)).isLessThanOrEqualTo(YuanbaoSearchProvider.POOL_SIZE);
    provider.close();
    awaitTrue(() -> TestSupport.threadsNamed(provider.threadPrefix) == 0);
  }

  /** Waits for {@code condition}, failing after a generous bound (a guard against hangs only). */
  private static void awaitTrue(BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within " + BOUND_MILLIS + " ms");
      }
      LockSupport.parkNanos(1_000_000);
    }
  }

  /** The queries of the requests the stub saw, oldest first. */
  private List<String> queries() {
    return server.bodies().stream()
        .map(body -> JSON.readTree(body).get("Query").asString())
        .toList();
  }
}
