package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.fakes.CountingSignal;
import dev.dsh.host.fakes.FakeContext;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.fakes.MapConfig;
import dev.dsh.host.model.ActivityListener;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Truncation, failure wrapping, aborts and provider withdrawal. */
class WebServiceSearchTest {

  private static final String CANARY = "canary-5f0c2d-secret";

  private final AtomicReference<Optional<String>> pin = new AtomicReference<>(Optional.empty());
  private final WebServiceImpl web = new WebServiceImpl(pin::get, LaunchEnvironment.of(Map.of()),
      ActivityListener.NONE, Optional::empty);

  @Test
  void twelveSourcesWithMaxResultsEightAreCutToEightAndTruncated() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 12));

    WebSearchResult result =
        Await.result(web.search(new WebSearchRequest("q", 8), AbortSignal.never()));

    assertThat(result.sources()).hasSize(8);
    assertThat(result.sources().get(7).url()).isEqualTo("https://example.com/alpha/8");
    assertThat(result.truncated()).isTrue();
  }

  @Test
  void fiveSourcesWithMaxResultsEightStayFiveAndNotTruncated() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 5));

    WebSearchResult result =
        Await.result(web.search(new WebSearchRequest("q", 8), AbortSignal.never()));

    assertThat(result.sources()).hasSize(5);
    assertThat(result.truncated()).isFalse();
  }

  @Test
  void exactlyMaxResultsSourcesAreNotTruncated() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 8));

    WebSearchResult result =
        Await.result(web.search(new WebSearchRequest("q", 8), AbortSignal.never()));

    assertThat(result.sources()).hasSize(8);
    assertThat(result.truncated()).isFalse();
  }

  @Test
  void withoutMaxResultsNothingIsCut() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 12));

    WebSearchResult result = Await.result(web.search(WebSearchRequest.of("q"), AbortSignal.never()));

    assertThat(result.sources()).hasSize(12);
    assertThat(result.truncated()).isFalse();
  }

  @Test
  void aProvidersOwnTruncationIsKept() throws Exception {
    web.registerSearchProvider(
        FakeProvider.returning(
            "alpha", new WebSearchResult(null, "answer", FakeProvider.sources("a", 2), true, 0)));

    WebSearchResult result =
        Await.result(web.search(new WebSearchRequest("q", 8), AbortSignal.never()));

    assertThat(result)
        .isEqualTo(new WebSearchResult("alpha", "answer", FakeProvider.sources("a", 2), true, 0));
  }

  @Test
  void aProviderThatThrowsSynchronouslyGivesProviderErrorWithoutItsMessage() {
    IllegalStateException raw = new IllegalStateException("boom " + CANARY);
    web.registerSearchProvider(
        new FakeProvider(
            "alpha",
            (request, signal) -> {
              throw raw;
            }));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("web provider \"alpha\" failed: IllegalStateException")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_ERROR))
        .cause()
        .isSameAs(raw);
  }

  @Test
  void aProviderFailingWithAnotherExceptionGivesProviderError() {
    web.registerSearchProvider(
        new FakeProvider(
            "alpha",
            (request, signal) ->
                CompletableFuture.failedFuture(new IOException("reset " + CANARY))));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("web provider \"alpha\" failed: IOException")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(CANARY))
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_ERROR));
  }

  @Test
  void aProvidersWebErrorReachesTheCallerUnchanged() {
    WebError own = new WebError(WEB_PROVIDER_CREDENTIAL_MISSING, "no key for \"K\"");
    web.registerSearchProvider(
        new FakeProvider("alpha", (request, signal) -> CompletableFuture.failedFuture(own)));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never())).isSameAs(own);
  }

  @Test
  void aProviderReturningNoStageOrNoResultGivesProviderError() {
    web.registerSearchProvider(new FakeProvider("alpha", (request, signal) -> null));
    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_ERROR));

    WebServiceImpl other = new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
        ActivityListener.NONE, Optional::empty);
    other.registerSearchProvider(
        new FakeProvider("beta", (request, signal) -> CompletableFuture.completedFuture(null)));
    Await.failure(other.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("web provider \"beta\" returned no result")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_ERROR));
  }

  @Test
  void theCallersAbortReachesTheProviderWithItsReason() {
    FakeProvider provider = FakeProvider.hanging("alpha");
    web.registerSearchProvider(provider);
    AbortController caller = new AbortController();
    var stage = web.search(WebSearchRequest.of("q"), caller.signal());
    RuntimeException why = new RuntimeException("user pressed stop");

    caller.abort(why);

    Await.failure(stage).satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
    assertThat(provider.signals().get(0).reason()).containsSame(why);
  }

  @Test
  void theCallersAbortEndsTheSearchEvenWhenTheProviderIgnoresIt() {
    FakeProvider deaf = new FakeProvider("deaf", (r, s) -> new CompletableFuture<>());
    web.registerSearchProvider(deaf);
    AbortController quitting = new AbortController();
    AbortController stopped = new AbortController();
    var first = web.search(WebSearchRequest.of("one"), quitting.signal());
    var second = web.search(WebSearchRequest.of("two"), stopped.signal());

    quitting.abort(new WebError(WEB_ABORTED, "dsh run is quitting"));
    stopped.abort(new RuntimeException("user pressed stop"));

    Await.failure(first).hasMessage("dsh run is quitting");
    Await.failure(second).hasMessage("web search was aborted")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
    assertThat(deaf.signals()).allSatisfy(s -> assertThat(s.aborted()).isTrue());
  }

  @Test
  void aSearchPastItsTimeoutEndsTimedOutEvenWhenTheProviderIgnoresItsAbort() {
    AtomicReference<Optional<Instant>> due = new AtomicReference<>();
    FakeProvider deaf = new FakeProvider("deaf", (r, s) -> {
      due.set(s.deadline());
      return new CompletableFuture<>();
    });
    web.registerSearchProvider(deaf);
    Instant before = Instant.now();

    var search = web.search(
        WebSearchRequest.of("q").withTimeout(Duration.ofMillis(50)), AbortSignal.never());

    Await.failure(search).hasMessage("web search timed out after 50 ms")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
    AbortSignal seen = deaf.signals().get(0);
    assertThat(seen.reason()).get().isInstanceOf(TimeoutException.class);
    assertThat(deaf.requests()).as("the timeout reaches the provider as its deadline only")
        .containsExactly(WebSearchRequest.of("q"));
    assertThat(due.get()).as("the deadline it saw")
        .hasValueSatisfying(d -> assertThat(d).isBetween(before.plusMillis(50), Instant.now()));
  }

  @Test
  void aProviderThatEndsItsSearchAtTheDeadlineReadsAsTimedOutToo() {
    web.registerSearchProvider(FakeProvider.hanging("alpha"));

    Await.failure(web.search(
            WebSearchRequest.of("q").withTimeout(Duration.ofSeconds(1)), AbortSignal.never()))
        .hasMessage("web search timed out after 1 s");
  }

  @Test
  void theCallersAbortBeforeTheDeadlineIsNotATimeout() {
    web.registerSearchProvider(FakeProvider.hanging("alpha"));
    AbortController caller = new AbortController();
    var search =
        web.search(WebSearchRequest.of("q").withTimeout(Duration.ofMinutes(5)), caller.signal());

    caller.abort();

    Await.failure(search).hasMessage("fake search aborted");
  }

  @Test
  void cancellingTheReturnedFutureAbortsTheProvidersSignal() {
    FakeProvider provider = FakeProvider.hanging("alpha");
    web.registerSearchProvider(provider);

    web.search(WebSearchRequest.of("q"), AbortSignal.never()).toCompletableFuture().cancel(true);

    assertThat(provider.signals().get(0).aborted()).isTrue();
  }

  @Test
  void aFinishedSearchLeavesNoHandlerOnTheCallersSignal() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    CountingSignal caller = new CountingSignal();

    Await.result(web.search(WebSearchRequest.of("q"), caller));

    assertThat(caller.liveHandlers()).isZero();
  }

  @Test
  void aProviderRegisteredThroughAScopeIsGoneWhenTheScopeIsDisposed() {
    FakeContext pluginScope = new FakeContext();
    WebService view = web.bindTo(pluginScope);
    view.registerSearchProvider(FakeProvider.withSources("yuanbao", 1));
    assertThat(pluginScope.effects()).hasSize(1);
    assertThat(web.providers()).extracting(p -> p.id()).containsExactly("yuanbao");

    pluginScope.dispose();

    assertThat(web.providers()).isEmpty();
    pin.set(Optional.of("yuanbao"));
    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("configured web provider \"yuanbao\" is not registered")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_CONFIGURED_MISSING));
  }

  @Test
  void theHandleOfAScopedRegistrationWithdrawsEarlyAndLeavesTheScope() {
    FakeContext pluginScope = new FakeContext();

    web.bindTo(pluginScope).registerSearchProvider(FakeProvider.withSources("alpha", 1)).dispose();

    assertThat(web.providers()).isEmpty();
    assertThat(pluginScope.effects()).isEmpty();
  }

  @Test
  void registeringThroughAnInactiveScopeThrowsAndLeavesNothingRegistered() {
    FakeContext pluginScope = new FakeContext();
    pluginScope.dispose();
    WebService view = web.bindTo(pluginScope);

    assertThatThrownBy(() -> view.registerSearchProvider(FakeProvider.withSources("alpha", 1)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("context is inactive");
    assertThat(web.providers()).isEmpty();
  }

  @Test
  void withdrawingAProviderEndsItsInFlightSearchesWithWebAborted() {
    FakeProvider provider = FakeProvider.hanging("alpha");
    FakeContext pluginScope = new FakeContext();
    web.bindTo(pluginScope).registerSearchProvider(provider);
    var first = web.search(WebSearchRequest.of("one"), AbortSignal.never());
    var second = web.search(WebSearchRequest.of("two"), AbortSignal.never());

    pluginScope.dispose();

    Await.failure(first).satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
    Await.failure(second).satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
    assertThat(provider.signals()).allSatisfy(s -> assertThat(s.aborted()).isTrue());
  }

  @Test
  void withdrawalEndsTheSearchEvenWhenTheProviderIgnoresTheAbort() {
    web.registerSearchProvider(new FakeProvider("deaf", (r, s) -> new CompletableFuture<>()))
        .dispose();
    Disposable registration =
        web.registerSearchProvider(new FakeProvider("deaf", (r, s) -> new CompletableFuture<>()));
    var search = web.search(WebSearchRequest.of("q"), AbortSignal.never());

    registration.dispose();

    Await.failure(search)
        .hasMessage("web provider \"deaf\" was withdrawn")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
  }

  @Test
  void closingTheServiceAbortsEverySearchAndRefusesNewProviders() {
    web.registerSearchProvider(FakeProvider.hanging("alpha"));
    var search = web.search(WebSearchRequest.of("q"), AbortSignal.never());

    web.close();

    Await.failure(search).satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
    assertThat(web.providers()).isEmpty();
    assertThatThrownBy(() -> web.registerSearchProvider(FakeProvider.withSources("beta", 1)))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theWebPluginClosesItsServiceWhenItsScopeEnds() {
    FakeContext webScope = new FakeContext();
    new WebPlugin(ActivityListener.NONE, Optional::empty).apply(webScope, MapConfig.empty());
    WebService service = webScope.inject(WebService.KEY);
    service.registerSearchProvider(FakeProvider.hanging("alpha"));
    var search = service.search(WebSearchRequest.of("q"), AbortSignal.never());

    webScope.dispose();

    assertThat(webScope.get(WebService.KEY)).isEmpty();
    Await.failure(search).satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_ABORTED));
  }

  @Test
  void theWebPluginReadsThePinVariableFromTheMountedEnvironment() throws Exception {
    FakeContext webScope = new FakeContext();
    webScope.services().put(
        LaunchEnvironment.KEY,
        LaunchEnvironment.of(Map.of(WebServiceImpl.PIN_VARIABLE, "beta")));
    new WebPlugin(ActivityListener.NONE, Optional::empty).apply(webScope, MapConfig.empty());
    WebService service = webScope.inject(WebService.KEY);
    service.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    service.registerSearchProvider(FakeProvider.withSources("beta", 1));

    assertThat(Await.result(service.search(WebSearchRequest.of("q"), AbortSignal.never())).provider())
        .isEqualTo("beta");
    assertThat(List.of(new WebPlugin(ActivityListener.NONE, Optional::empty).name(), new WebPlugin(ActivityListener.NONE, Optional::empty).configType()))
        .containsExactly("web", Optional.of(WebPlugin.WebConfig.class));
  }

  @Test
  void searchesRacingWithdrawalsAllEnd() throws Exception {
    pin.set(Optional.of("racer"));
    List<CompletableFuture<WebSearchResult>> searches =
        Collections.synchronizedList(new ArrayList<>());
    AtomicBoolean running = new AtomicBoolean(true);
    Thread churn =
        new Thread(
            () -> {
              while (running.get()) {
                web.registerSearchProvider(FakeProvider.hanging("racer")).dispose();
              }
            });
    churn.start();
    List<Thread> callers = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      Thread caller =
          new Thread(
              () -> {
                for (int i = 0; i < 200; i++) {
                  searches.add(
                      web.search(WebSearchRequest.of("q"), AbortSignal.never()).toCompletableFuture());
                }
              });
      callers.add(caller);
      caller.start();
    }
    for (Thread caller : callers) {
      caller.join(10_000);
    }
    running.set(false);
    churn.join(10_000);

    assertThat(searches).hasSize(800);
    for (var search : searches) {
      // Each search either found no provider or was aborted by the withdrawal: none is left hanging.
      Await.failure(search)
          .satisfies(
              e -> assertThat(Await.code(e)).isIn(WEB_ABORTED, WEB_PROVIDER_CONFIGURED_MISSING));
    }
  }
}
