package dev.dsh.yuanbao;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code yuanbao} search provider: one {@code POST {baseURL}/SearchPro} per search.
 *
 * <p>Settings are one snapshot, read at the start of each search and replaced in place by {@link
 * #reconfigure}. The API key is resolved on every search, never cached. No retry, no fallback.
 * {@link #close()} ends in-flight searches with {@code WEB_ABORTED} and releases the HTTP clients
 * and their threads.
 *
 * <p>Each exchange is one {@link HttpClient#sendAsync} on the provider's own executor, which
 * serves its clients. For {@code sendAsync} the JDK hands the exchange's future on through its
 * default async pool, which with one or two CPUs starts a new thread per response; the body
 * subscriber completes that future itself as soon as the body is in, so the hand-over has nothing
 * left to do and starts no thread (see {@link SearchCall#bodyFor}).
 */
public final class YuanbaoSearchProvider implements WebSearchProvider, AutoCloseable {

  /** The provider id. */
  public static final String ID = "yuanbao";

  private final KeyResolver keys;
  private final AnswerReader answers = new AnswerReader();
  private final HttpClients clients = new HttpClients();
  private final Set<SearchCall> inFlight = ConcurrentHashMap.newKeySet();
  private volatile Settings settings;
  private volatile boolean closed;

  /**
   * A provider with {@code config} as its first settings snapshot.
   *
   * @param credentials the credentials service as mounted at the time of the call (read at every
   *     search); empty when none is mounted
   * @param env the launch environment, read at every search when no credentials service is
   *     mounted
   * @throws IllegalArgumentException naming the field, when {@code apiKeyEnv} is not a valid
   *     credential reference or {@code count} is not one of 10, 20, 30, 40, 50
   */
  public YuanbaoSearchProvider(
      YuanbaoConfig config,
      Supplier<Optional<CredentialService>> credentials,
      LaunchEnvironment env) {
    this.settings = Settings.of(Objects.requireNonNull(config, "config"));
    this.keys =
        new KeyResolver(
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

  /** True when {@code baseURL} is an absolute http(s) URL and the provider is not closed. */
  @Override
  public boolean available() {
    return unavailableReason().isEmpty();
  }

  @Override
  public Optional<String> unavailableReason() {
    if (closed) {
      return Optional.of("the provider is closed");
    }
    if (settings.endpoint() == null) {
      return Optional.of("baseURL is not an absolute http(s) URL");
    }
    return Optional.empty();
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
    call.result.whenComplete(
        (r, e) -> {
          onAbort.dispose();
          inFlight.remove(call);
        });
    if (closed) {
      call.abort();
      return call.result;
    }
    Settings snapshot = settings;
    URI endpoint = snapshot.endpoint();
    if (endpoint == null) {
      call.fail(call.failures.requestFailed("baseURL is not an absolute http(s) URL"));
      return call.result;
    }
    int cnt = snapshot.cnt(request.maxResults());
    keys.resolve(snapshot)
        .whenComplete(
            (key, error) -> {
              if (call.done()) {
                return;
              }
              if (error != null) {
                Throwable t = Exceptions.unwrap(error);
                call.fail(t instanceof WebError w ? w : call.failures.requestFailed("key lookup"));
                return;
              }
              call.failures.knowKey(key);
              start(call, endpoint, key, request.query(), cnt);
            });
    return call.result;
  }

  private void start(SearchCall call, URI endpoint, String key, String query, int cnt) {
    HttpClient http = clients.forScheme(endpoint.getScheme());
    if (http == null) {
      call.abort();
      return;
    }
    HttpRequest request;
    try {
      request = SearchRequests.of(endpoint, key, query, cnt);
    } catch (RuntimeException e) {
      // The JDK's message would echo the offending value: name the class only.
      call.fail(call.failures.requestFailed(e.getClass().getSimpleName()));
      return;
    }
    CompletableFuture<HttpResponse<byte[]>> exchange;
    try {
      exchange = http.sendAsync(request, call::bodyFor);
    } catch (RuntimeException e) {
      call.fail(call.failures.requestFailed(Exceptions.describe(e, false)));
      return;
    }
    call.exchange(exchange);
    exchange.whenComplete((response, error) -> finish(call, response, error, endpoint));
  }

  /**
   * Completes the search from its exchange: the one place that does, besides an abort. The
   * response is null when the body subscriber cut the exchange's future short (see {@link
   * SearchCall#bodyFor}); the status and body are then the call's.
   */
  private void finish(
      SearchCall call,
      @Nullable HttpResponse<byte[]> response,
      @Nullable Throwable error,
      URI endpoint) {
    if (call.done()) {
      return;
    }
    try {
      if (error != null) {
        call.fail(failure(call, Exceptions.unwrap(error), endpoint));
      } else if (response != null) {
        call.succeed(answers.read(call.failures, response.statusCode(), response.body()));
      } else {
        call.succeed(answers.read(call.failures, call.status(), call.body()));
      }
    } catch (WebError e) {
      call.fail(e);
    } catch (RuntimeException e) {
      call.fail(call.failures.invalidBody());
    }
  }

  private static WebError failure(SearchCall call, Throwable t, URI endpoint) {
    if (t instanceof CappedBodySubscriber.OverCap) {
      return call.failures.requestFailed("response body over 8 MiB");
    }
    if (t instanceof CancellationException) {
      return call.failures.aborted();
    }
    return call.failures.requestFailed(
        Exceptions.describe(t, false) + Exceptions.connectingTo(t, endpoint), t);
  }

  /**
   * Ends in-flight searches with {@code WEB_ABORTED}, drops the HTTP clients and shuts down their
   * threads. Later searches end with {@code WEB_ABORTED}. Idempotent.
   */
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
    URI endpoint = settings.endpoint();
    return endpoint == null ? null : clients.forScheme(endpoint.getScheme());
  }

  /** The name prefix of this provider's HTTP threads; tests. */
  String threadPrefix() {
    return clients.threadPrefix();
  }

  @Override
  public String toString() {
    Settings s = settings;
    return "YuanbaoSearchProvider[endpoint="
        + (s.endpoint() == null ? null : UrlUserInfo.redact(s.endpoint().toString()))
        + ", apiKey="
        + (s.literalKey() == null ? "unset" : "<redacted>")
        + ", apiKeyEnv="
        + s.keyRef()
        + ", count="
        + s.count()
        + "]";
  }
}
