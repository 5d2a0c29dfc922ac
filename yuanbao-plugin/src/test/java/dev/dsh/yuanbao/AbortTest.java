package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every abort ends the search with WEB_ABORTED promptly and closes the connection. */
class AbortTest {

  private static void assertAborted(CompletionStage<WebSearchResult> stage) {
    WebError failure = TestSupport.failure(stage);
    assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    assertThat(failure.getMessage()).isEqualTo("Yuanbao search aborted");
  }

  private static void assertClosed(SearchProStub server) throws InterruptedException {
    server.awaitHeldClosedByClient(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
  }

  @Test
  void signalAbortedBeforehandEndsBeforeTheKeyIsResolved() {
    CountingCredentials credentials = new CountingCredentials(new CompletableFuture<>());
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider =
            TestSupport.provider(
                Configs.withApiKey(TestSupport.config(server.baseUrl()), null),
                Optional.of(credentials),
                Map.of())) {
      AbortController controller = new AbortController();
      controller.abort();
      assertAborted(provider.search(WebSearchRequest.of("q"), controller.signal()));
      assertThat(credentials.resolves).hasValue(0);
      assertThat(server.connections()).isZero();
    }
  }

  @Test
  void abortDuringACredentialResolveThatNeverCompletesEndsTheSearch() throws Exception {
    CountingCredentials credentials = new CountingCredentials(new CompletableFuture<>());
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider =
            TestSupport.provider(
                Configs.withApiKey(TestSupport.config(server.baseUrl()), null),
                Optional.of(credentials),
                Map.of())) {
      AbortController controller = new AbortController();
      var stage = provider.search(WebSearchRequest.of("q"), controller.signal());
      Thread.sleep(100);
      assertThat(stage.toCompletableFuture()).isNotDone();
      assertThat(credentials.resolves).hasValue(1);
      controller.abort();
      assertAborted(stage);
      credentials.pending.complete(Optional.of(new Credential(TestSupport.KEY, dev.dsh.api.credentials.CredentialSource.STORE)));
      Thread.sleep(100);
      assertThat(server.connections()).as("no request after the abort").isZero();
    }
  }

  @Test
  void abortWhileTheServerHoldsTheAnswerClosesTheConnection() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()))) {
      AbortController controller = new AbortController();
      var stage = provider.search(WebSearchRequest.of("q"), controller.signal());
      server.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
      controller.abort();
      assertAborted(stage);
      assertClosed(server);
    }
  }

  @Test
  void abortWhileTheBodyDribblesInClosesTheConnection() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.dribble());
        YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()))) {
      AbortController controller = new AbortController();
      var stage = provider.search(WebSearchRequest.of("q"), controller.signal());
      server.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
      Thread.sleep(300);
      assertThat(stage.toCompletableFuture()).isNotDone();
      controller.abort();
      assertAborted(stage);
      assertClosed(server);
    }
  }

  @Test
  void closeEndsInFlightSearchesAndLaterOnesAsAborted() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.hold())) {
      YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()));
      var stage = provider.search(WebSearchRequest.of("q"), AbortSignal.never());
      server.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
      provider.close();
      assertAborted(stage);
      assertClosed(server);
      assertThat(provider.available()).isFalse();
      assertThat(provider.unavailableReason()).contains("the provider is closed");
      assertAborted(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    }
  }

  @Test
  void closeEndsTheProvidersHttpThreads() throws Exception {
    YuanbaoSearchProvider provider;
    try (SearchProStub server = SearchProStub.answering(StubReply.hold())) {
      provider = TestSupport.provider(TestSupport.config(server.baseUrl()));
      var stage = provider.search(WebSearchRequest.of("q"), AbortSignal.never());
      server.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
      assertThat(TestSupport.threadsNamed(provider.threadPrefix)).isPositive();
      provider.close();
      assertAborted(stage);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (TestSupport.threadsNamed(provider.threadPrefix) > 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(TestSupport.threadsNamed(provider.threadPrefix)).isZero();
  }

  @Test
  void theAbortRegistrationIsDisposedWhenTheSearchEnds() throws Exception {
    CountingSignal signal = new CountingSignal();
    try (YuanbaoSearchProvider provider =
        TestSupport.provider(TestSupport.config(TestSupport.refusedBaseUrl()))) {
      TestSupport.failure(provider.search(WebSearchRequest.of("q"), signal));
    }
    assertThat(signal.registered).hasValue(1);
    assertThat(signal.disposed).hasValue(1);
  }

  @Test
  void connectionRefusedFailsNamingTheFailureAndTheHostAndPort() {
    String base = TestSupport.refusedBaseUrl();
    String hostPort = base.substring(base.indexOf("//") + 2).replaceAll("/.*", "");
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(base))) {
      WebError failure = TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
      assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
      assertThat(failure.getMessage())
          .matches(
              "Yuanbao search request failed: ConnectException(: Connection refused;|:) could not"
                  + " connect to "
                  + hostPort.replace(".", "\\."));
    }
  }

  @Test
  void theRequestCarriesExactlyTheDocumentedHeaderBytes() throws Exception {
    try (SearchProStub server = SearchProStub.answering(StubReply.hold());
        YuanbaoSearchProvider provider =
            TestSupport.provider(TestSupport.config(server.baseUrl() + "/prefix/"))) {
      AbortController controller = new AbortController();
      var stage = provider.search(new WebSearchRequest("天气", 8), controller.signal());
      server.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
      controller.abort();
      assertAborted(stage);
      StubRequest request = server.requests().get(0);
      String head = request.head() + request.body();
      assertThat(head)
          .startsWith("POST /prefix/SearchPro HTTP/1.1\r\n")
          .contains("\r\nAuthorization: Bearer " + TestSupport.KEY + "\r\n")
          .contains("\r\nContent-Type: application/json; charset=utf-8\r\n")
          .contains("\r\nAccept: application/json\r\n")
          .contains("\r\nUser-Agent: dsh-web-search-yuanbao/0.1.0\r\n")
          .doesNotContainIgnoringCase("upgrade")
          .endsWith("\r\n\r\n{\"Query\":\"天气\",\"Cnt\":10}");
    }
  }

  /** A credentials service whose resolve returns one given stage and counts the calls. */
  static final class CountingCredentials extends FakeCredentials {
    final CompletableFuture<Optional<Credential>> pending;
    final AtomicInteger resolves = new AtomicInteger();

    CountingCredentials(CompletableFuture<Optional<Credential>> pending) {
      this.pending = pending;
    }

    @Override
    public CompletionStage<Optional<Credential>> resolve(dev.dsh.api.credentials.CredentialRef ref) {
      resolves.incrementAndGet();
      return pending;
    }
  }

  /** A signal that never fires and counts handler registrations and their disposals. */
  static final class CountingSignal implements AbortSignal {
    final AtomicInteger registered = new AtomicInteger();
    final AtomicInteger disposed = new AtomicInteger();

    @Override
    public boolean aborted() {
      return false;
    }

    @Override
    public Optional<Throwable> reason() {
      return Optional.empty();
    }

    @Override
    public Disposable onAbort(Runnable handler) {
      registered.incrementAndGet();
      return disposed::incrementAndGet;
    }
  }
}
