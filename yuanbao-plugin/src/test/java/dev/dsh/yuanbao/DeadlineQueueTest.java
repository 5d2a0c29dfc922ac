package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A search whose permit comes with less than 50 ms left before its deadline is
 * not sent; it ends with {@code WEB_ABORTED} when its signal fires.
 */
class DeadlineQueueTest {

  private static final long BOUND_MILLIS = 20_000;

  /** A signal its test fires by hand, telling a deadline of the test's choosing. */
  private record DueSignal(AbortController controller, Instant due) implements AbortSignal {
    static DueSignal in(Duration left) {
      return new DueSignal(new AbortController(), Instant.now().plus(left));
    }

    @Override
    public boolean aborted() {
      return controller.signal().aborted();
    }

    @Override
    public Optional<Throwable> reason() {
      return controller.signal().reason();
    }

    @Override
    public Disposable onAbort(Runnable handler) {
      return controller.signal().onAbort(handler);
    }

    @Override
    public Optional<Instant> deadline() {
      return Optional.of(due);
    }
  }

  @Test
  void aPermitThatComesTooNearTheDeadlineSendsNothingAndTheNextWithTimeIsSent() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider = provider(server)) {
      AbortController holder = new AbortController();
      CompletableFuture<WebSearchResult> held = search(provider, "held", holder.signal());
      awaitTrue(() -> server.connections() == 1);
      DueSignal near = DueSignal.in(Duration.ofMillis(30));
      CompletableFuture<WebSearchResult> tooLate = search(provider, "too late", near);
      CompletableFuture<WebSearchResult> inTime =
          search(provider, "in time", DueSignal.in(Duration.ofMinutes(1)));

      holder.abort();

      awaitTrue(() -> server.connections() == 2);
      assertThat(TestSupport.failure(held).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
      assertThat(tooLate).as("it ends when its own signal fires").isNotDone();
      near.controller().abort();
      assertThat(TestSupport.failure(tooLate).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
      assertThat(inTime).isNotDone();
      Thread.sleep(200); // no third request comes late
      assertThat(server.connections()).isEqualTo(2);
    }
  }

  @Test
  void twentySearchesWithTheSameTimeoutUnderACapOfOneSendOneRequest() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider = provider(server)) {
      // The first search builds the HTTP client before the next is even queued: warm it first,
      // so the twenty deadlines are as close as the timer makes them.
      AbortController warmUp = new AbortController();
      search(provider, "warm-up", warmUp.signal());
      awaitTrue(() -> server.connections() == 1);
      warmUp.abort();
      // One signal: the twenty share one deadline however slowly a loaded machine queues them.
      AbortSignal oneSecond = AbortSignal.timeout(Duration.ofSeconds(1));
      List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        searches.add(search(provider, "q" + i, oneSecond));
      }
      for (CompletableFuture<WebSearchResult> s : searches) {
        assertThat(TestSupport.failure(s).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
      }
      Thread.sleep(200);
      assertThat(server.connections()).as("the warm-up's and one of the twenty").isEqualTo(2);
    }
  }

  @Test
  void aSearchWithoutADeadlineIsSentHoweverLateItsTurnComes() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider = provider(server)) {
      AbortController holder = new AbortController();
      search(provider, "held", holder.signal());
      awaitTrue(() -> server.connections() == 1);
      search(provider, "no deadline", AbortSignal.never());
      holder.abort();
      awaitTrue(() -> server.connections() == 2);
    }
  }

  private static YuanbaoSearchProvider provider(SearchProStub server) {
    return TestSupport.provider(
        Configs.withMaxConcurrentSearches(TestSupport.config(server.baseUrl()), 1));
  }

  private static CompletableFuture<WebSearchResult> search(
      YuanbaoSearchProvider provider, String query, AbortSignal signal) {
    return provider.search(WebSearchRequest.of(query), signal).toCompletableFuture();
  }

  private static void awaitTrue(BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within " + BOUND_MILLIS + " ms");
      }
      LockSupport.parkNanos(1_000_000);
    }
  }
}
