package dev.dsh.yuanbao;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code yuanbao} search provider: one {@code POST {baseURL}/SearchPro} per search, with the
 * settings snapshot of its start and a key resolved for it (never cached); no retry, no fallback.
 * At most {@code maxConcurrentSearches} run at once, later ones wait in a {@link SearchQueue}.
 */
public final class YuanbaoSearchProvider implements WebSearchProvider, AutoCloseable {

  /** The provider id. */
  public static final String ID = "yuanbao";

  private final KeyResolver keys;
  private final HttpClients clients = new HttpClients();
  private final SearchQueue queue = new SearchQueue();
  private final Set<SearchCall> inFlight = ConcurrentHashMap.newKeySet();
  private volatile Settings settings;
  private volatile boolean closed;

  /**
   * A provider with {@code config} as its first settings snapshot.
   *
   * @param credentials the credentials service mounted at the time of the call, read per search
   * @param env the launch environment, read per search when no credentials service is mounted
   * @throws IllegalArgumentException naming the field of {@code config} that is not allowed
   */
  public YuanbaoSearchProvider(YuanbaoConfig config,
      Supplier<Optional<CredentialService>> credentials, LaunchEnvironment env) {
    this.settings = Settings.of(Objects.requireNonNull(config, "config"));
    this.keys = new KeyResolver(
        Objects.requireNonNull(credentials, "credentials"), Objects.requireNonNull(env, "env"));
  }

  /**
   * Replaces the settings snapshot; the next search uses it. Searches already running keep theirs.
   *
   * @throws IllegalArgumentException as the constructor does; the old snapshot stays
   */
  public void reconfigure(YuanbaoConfig config) {
    this.settings = Settings.of(Objects.requireNonNull(config, "config"));
  }

  @Override
  public String id() {
    return ID;
  }

  /** True when {@code baseURL} can take {@code /SearchPro} and the provider is not closed. */
  @Override
  public boolean available() {
    return unavailableReason().isEmpty();
  }

  @Override
  public Optional<String> unavailableReason() {
    return Optional.ofNullable(closed ? "the provider is closed" : settings.baseUrlProblem());
  }

  /** Available, and a key at hand: a literal {@code apiKey}, or {@code apiKeyEnv} configured. */
  @Override
  public boolean ready() {
    return available() && keys.missing(settings).isEmpty();
  }

  @Override
  public Optional<String> notReadyReason() {
    return available() ? keys.missing(settings) : Optional.empty();
  }

  /** Site (a domain, or up to five excludes; not both), freshness. */
  @Override
  public Set<SearchFilter> supportedFilters() {
    return EnumSet.allOf(SearchFilter.class);
  }

  /** The searches waiting in line for one of the {@code maxConcurrentSearches} permits. */
  @Override
  public int queueDepth() {
    return queue.depth();
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(signal, "signal");
    SearchCall call = new SearchCall();
    if (signal.aborted()) {
      call.abort();
      return call.result;
    }
    inFlight.add(call);
    Disposable onAbort = signal.onAbort(call::abort);
    call.result.whenComplete((r, e) -> {
      onAbort.dispose();
      inFlight.remove(call);
    });
    Settings snapshot = settings;
    String unsupported = SearchRequests.unsupported(request.filters());
    if (closed) {
      call.abort();
    } else if (snapshot.baseUrlProblem() != null) {
      call.fail(call.failures.requestFailed(snapshot.baseUrlProblem()));
    } else if (unsupported != null) {
      call.fail(new WebError(WebErrorCodes.WEB_REQUEST_UNSUPPORTED, unsupported));
    } else {
      Runnable exit = queue.enter(snapshot.maxConcurrent(), signal.deadline().orElse(Instant.MAX),
          () -> begin(call, request, snapshot, signal));
      call.result.whenComplete((r, e) -> exit.run());
    }
    return call.result;
  }

  /** Resolves the key and sends, once the search holds a permit; never throws (queue command). */
  private void begin(SearchCall call, WebSearchRequest request, Settings snapshot, AbortSignal signal) {
    if (call.done()) {
      return;
    }
    if (signal.aborted()) {
      // Its permit came free by an abort that reached it too, whose handler has not run yet.
      call.abort();
      return;
    }
    URI endpoint = Objects.requireNonNull(snapshot.endpoint());
    byte[] body;
    try {
      body = SearchRequests.body(request, snapshot);
    } catch (RuntimeException e) {
      call.fail(call.failures.requestFailed(e.getClass().getSimpleName()));
      return;
    }
    keys.resolve(snapshot).whenComplete((key, error) -> {
      if (call.done()) {
        return;
      }
      if (error != null) {
        Throwable t = Failures.unwrap(error);
        call.fail(t instanceof WebError w ? w : call.failures.requestFailed("key lookup"));
        return;
      }
      HttpClient http = clients.get();
      if (http == null) {
        call.abort(); // the provider closed meanwhile
        return;
      }
      call.failures.knowKey(key);
      call.send(http, endpoint, key, body);
    });
  }

  /** Ends in-flight and later searches with {@code WEB_ABORTED}; releases the HTTP clients. */
  @Override
  public void close() {
    closed = true;
    for (SearchCall call : List.copyOf(inFlight)) {
      call.abort();
    }
    clients.close();
  }

  /** The HTTP client a search would use now (built on first use), absent once closed; tests. */
  @Nullable HttpClient client() {
    return settings.endpoint() == null ? null : clients.get();
  }

  /** The name prefix of this provider's HTTP threads; tests. */
  String threadPrefix() {
    return clients.threadPrefix();
  }

  @Override
  public String toString() {
    Settings s = settings;
    return String.format("YuanbaoSearchProvider[endpoint=%s, apiKey=%s, apiKeyEnv=%s, count=%d,"
        + " maxConcurrentSearches=%d]",
        s.endpoint() == null ? null : UrlUserInfo.redact(s.endpoint().toString()),
        s.literalKey() == null ? "unset" : "<redacted>", s.keyRef(), s.count(), s.maxConcurrent());
  }
}
