package dev.dsh.host.fakes;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

/** An in-memory search provider whose answers a test scripts, recording what it was asked. */
public final class FakeProvider implements WebSearchProvider {

  /** How the provider answers one search. */
  @FunctionalInterface
  public interface Script {
    CompletionStage<WebSearchResult> answer(WebSearchRequest request, AbortSignal signal);
  }

  private final String id;
  private final Script script;
  private final AtomicBoolean available = new AtomicBoolean(true);
  private final AtomicBoolean readyWhenAvailable = new AtomicBoolean(true);
  private final AtomicReference<Optional<String>> notReadyReason =
      new AtomicReference<>(Optional.empty());
  private final AtomicReference<Set<SearchFilter>> supported = new AtomicReference<>(Set.of());
  private final List<WebSearchRequest> requests = new CopyOnWriteArrayList<>();
  private final List<AbortSignal> signals = new CopyOnWriteArrayList<>();

  public FakeProvider(String id, Script script) {
    this.id = id;
    this.script = script;
  }

  /** Answers every search with {@code count} sources, failing with WEB_ABORTED once aborted. */
  public static FakeProvider withSources(String id, int count) {
    return returning(id, WebSearchResult.of(sources(id, count)));
  }

  /** Answers every search with {@code result}; a signal aborted beforehand gives WEB_ABORTED. */
  public static FakeProvider returning(String id, WebSearchResult result) {
    return new FakeProvider(
        id,
        (request, signal) ->
            signal.aborted()
                ? CompletableFuture.failedFuture(aborted(signal))
                : CompletableFuture.completedFuture(result));
  }

  /** Never answers on its own; ends with WEB_ABORTED when the signal fires. */
  public static FakeProvider hanging(String id) {
    return new FakeProvider(id, (request, signal) -> hang(signal));
  }

  /** A stage that fails with WEB_ABORTED when {@code signal} fires, and never completes otherwise. */
  public static CompletableFuture<WebSearchResult> hang(AbortSignal signal) {
    CompletableFuture<WebSearchResult> stage = new CompletableFuture<>();
    signal.onAbort(() -> stage.completeExceptionally(aborted(signal)));
    return stage;
  }

  /** {@code count} sources with urls {@code https://example.com/<prefix>/<i>}. */
  public static List<WebSearchSource> sources(String prefix, int count) {
    return IntStream.rangeClosed(1, count)
        .mapToObj(
            i ->
                new WebSearchSource(
                    "https://example.com/" + prefix + "/" + i,
                    prefix + " title " + i,
                    prefix + " snippet " + i,
                    null))
        .toList();
  }

  private static WebError aborted(AbortSignal signal) {
    return new WebError(
        WebErrorCodes.WEB_ABORTED, "fake search aborted", signal.reason().orElse(null));
  }

  /** Declares the filters this provider honours (none unless set). */
  public FakeProvider supporting(SearchFilter... filters) {
    supported.set(filters.length == 0 ? Set.of() : EnumSet.copyOf(List.of(filters)));
    return this;
  }

  @Override
  public Set<SearchFilter> supportedFilters() {
    return supported.get();
  }

  public void setAvailable(boolean value) {
    available.set(value);
  }

  /** Not ready (while available) for {@code reason}; absent for a provider that gives none. */
  public FakeProvider notReady(Optional<String> reason) {
    notReadyReason.set(reason);
    readyWhenAvailable.set(false);
    return this;
  }

  /** Not ready (while available) for {@code reason}. */
  public FakeProvider notReady(String reason) {
    return notReady(Optional.of(reason));
  }

  /** Ready again whenever available. */
  public FakeProvider makeReady() {
    readyWhenAvailable.set(true);
    notReadyReason.set(Optional.empty());
    return this;
  }

  /** The requests seen, in order. */
  public List<WebSearchRequest> requests() {
    return new ArrayList<>(requests);
  }

  /** The signals handed to each search, in order. */
  public List<AbortSignal> signals() {
    return new ArrayList<>(signals);
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public boolean available() {
    return available.get();
  }

  @Override
  public boolean ready() {
    return available() && readyWhenAvailable.get();
  }

  @Override
  public Optional<String> notReadyReason() {
    return ready() || !available() ? Optional.empty() : notReadyReason.get();
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    requests.add(request);
    signals.add(signal);
    return script.answer(request, signal);
  }

  @Override
  public String toString() {
    return "FakeProvider[" + id + "]";
  }
}
