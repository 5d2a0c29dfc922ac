package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Issue 13 section 4: {@code maxConcurrentSearches}, a FIFO line, aborts that leave it. */
class ConcurrencyCapTest {

  private static final long BOUND_MILLIS = 20_000;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private HoldingServer server;

  @BeforeEach
  void start() {
    server = new HoldingServer();
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
        awaitTrue(() -> server.held() == expectedHeld);
        // Wait until the released request has left: else the next round could see it still held
        // and release another, two searches would start at once, and a delayed one be overtaken.
        int passed = server.passed();
        server.releaseOne();
        awaitTrue(() -> server.passed() == passed + 1);
      }
      searches.forEach(s -> assertThat(s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join()).isNotNull());
      assertThat(server.maxAtOnce()).isEqualTo(2);
      List<String> seen = server.queries();
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
      awaitTrue(() -> server.held() == 2);
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
      awaitTrue(() -> server.held() == 1);
      server.releaseOne();
      held.forEach(s -> s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join());
      after.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join();
      assertThat(server.queries()).containsExactlyInAnyOrder("held0", "held1", "after");
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
      awaitTrue(() -> server.held() == 2);

      caller.abort();

      for (CompletableFuture<WebSearchResult> s : searches) {
        assertThat(TestSupport.failure(s).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
      }
      assertThat(server.queries()).containsExactlyInAnyOrder("q0", "q1");
    }
  }

  @Test
  void aReconfiguredCapAppliesToSearchesThatStartAfterIt() {
    try (YuanbaoSearchProvider provider = provider(1)) {
      CompletableFuture<WebSearchResult> first = search(provider, "first", AbortSignal.never());
      awaitTrue(() -> server.held() == 1);
      provider.reconfigure(Configs.withMaxConcurrentSearches(TestSupport.config(server.baseUrl()), 3));
      CompletableFuture<WebSearchResult> second = search(provider, "second", AbortSignal.never());
      CompletableFuture<WebSearchResult> third = search(provider, "third", AbortSignal.never());
      awaitTrue(() -> server.held() == 3);
      for (int i = 0; i < 3; i++) {
        server.releaseOne();
      }
      List.of(first, second, third).forEach(s -> s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join());
      assertThat(server.maxAtOnce()).isEqualTo(3);
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
    awaitTrue(() -> server.held() == 20);
    assertThat(TestSupport.threadsNamed(provider.threadPrefix())).isBetween(1L, (long) HttpClients.POOL_SIZE);
    for (int i = 0; i < 20; i++) {
      server.releaseOne();
    }
    searches.forEach(s -> assertThat(s.orTimeout(BOUND_MILLIS, TimeUnit.MILLISECONDS).join()).isNotNull());
    assertThat(TestSupport.threadsNamed(provider.threadPrefix())).isLessThanOrEqualTo(HttpClients.POOL_SIZE);
    provider.close();
    awaitTrue(() -> TestSupport.threadsNamed(provider.threadPrefix()) == 0);
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

  /** A loopback server that holds every request until the test releases one. */
  private static final class HoldingServer implements AutoCloseable {
    private final HttpServer http;
    private final ExecutorService executor = Executors.newFixedThreadPool(24);
    private final Semaphore releases = new Semaphore(0);
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger max = new AtomicInteger();
    private final AtomicInteger passed = new AtomicInteger();
    private final List<String> queries = new CopyOnWriteArrayList<>();
    private final byte[] body = TestSupport.fixture("21-empty-pages.json");

    HoldingServer() {
      try {
        http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      http.createContext("/", exchange -> {
        try (InputStream in = exchange.getRequestBody(); OutputStream out = exchange.getResponseBody()) {
          String request = new String(in.readAllBytes(), StandardCharsets.UTF_8);
          queries.add(JSON.readTree(request).get("Query").asString());
          max.accumulateAndGet(inside.incrementAndGet(), Math::max);
          releases.acquire();
          inside.decrementAndGet();
          passed.incrementAndGet();
          exchange.sendResponseHeaders(200, body.length);
          out.write(body);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          exchange.close();
        }
      });
      http.setExecutor(executor);
      http.start();
    }

    String baseUrl() {
      return "http://127.0.0.1:" + http.getAddress().getPort();
    }

    int held() {
      return inside.get();
    }

    /** Requests released and past the hold. */
    int passed() {
      return passed.get();
    }

    void releaseOne() {
      releases.release();
    }

    int maxAtOnce() {
      return max.get();
    }

    List<String> queries() {
      return List.copyOf(queries);
    }

    @Override
    public void close() {
      http.stop(0);
      executor.shutdownNow();
    }
  }
}
