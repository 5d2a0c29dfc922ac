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
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code yuanbao} search provider: one {@code POST {baseURL}/SearchPro} per search.
 *
 * <p>Settings are one snapshot, read at the start of each search and replaced in place by {@link
 * #reconfigure}. The API key is resolved on every search, never cached. No retry, no fallback.
 * {@link #close()} ends in-flight searches with {@code WEB_ABORTED} and releases the HTTP client
 * and its threads.
 */
public final class YuanbaoSearchProvider implements WebSearchProvider, AutoCloseable {

  /** The provider id. */
  public static final String ID = "yuanbao";

  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** Numbers providers, so each one's HTTP threads are told apart ({@code dsh-yuanbao-3-http-1}). */
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  private final KeyResolver keys;
  private final AnswerReader answers = new AnswerReader();
  private final ExecutorService executor;
  private final String threadPrefix = "dsh-yuanbao-" + INSTANCES.incrementAndGet() + "-http-";
  private final Set<SearchCall> inFlight = ConcurrentHashMap.newKeySet();
  private final String userAgent = "dsh-web-search-yuanbao/" + PluginVersion.VALUE;
  private volatile Settings settings;
  private volatile @Nullable HttpClient client;

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
    AtomicInteger threads = new AtomicInteger();
    this.executor =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, threadPrefix + threads.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(CONNECT_TIMEOUT)
            .executor(executor)
            .build();
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
    if (client == null) {
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
    if (client == null) {
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
              send(call, endpoint, key, request.query(), cnt);
            });
    return call.result;
  }

  private void send(SearchCall call, URI endpoint, String key, String query, int cnt) {
    HttpClient http = client;
    if (http == null) {
      call.abort();
      return;
    }
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(endpoint)
              .version(HttpClient.Version.HTTP_1_1)
              .header("Authorization", "Bearer " + key)
              .header("Content-Type", "application/json; charset=utf-8")
              .header("Accept", "application/json")
              .header("User-Agent", userAgent)
              .POST(
                  HttpRequest.BodyPublishers.ofByteArray(
                      JsonText.requestBody(query, cnt).getBytes(StandardCharsets.UTF_8)))
              .build();
    } catch (RuntimeException e) {
      // The JDK's message would echo the offending value: name the class only.
      call.fail(call.failures.requestFailed(e.getClass().getSimpleName()));
      return;
    }
    CompletableFuture<HttpResponse<byte[]>> exchange;
    try {
      exchange = http.sendAsync(request, info -> answerWhenRead(call, info));
    } catch (RuntimeException e) {
      call.fail(call.failures.requestFailed(Exceptions.describe(e, false)));
      return;
    }
    call.exchange(exchange);
    exchange.whenComplete((response, error) -> finish(call, endpoint, response, error));
  }

  /**
   * The body subscriber for a response, wired to end the search as soon as the body is read, on
   * the client's executor thread. The exchange's own future completes later: for {@code sendAsync}
   * the JDK hands it to the default async pool, which on a 2-core machine starts a new thread per
   * response, so waiting for it would put a thread start on every search's path. That future still
   * reports failures before or while reading the body (and is what an abort cancels).
   */
  private HttpResponse.BodySubscriber<byte[]> answerWhenRead(
      SearchCall call, HttpResponse.ResponseInfo info) {
    HttpResponse.BodySubscriber<byte[]> subscriber = call.bodyFor(info);
    int status = info.statusCode();
    subscriber
        .getBody()
        .whenComplete(
            (body, error) -> {
              if (error == null) {
                try {
                  call.succeedOrFail(answers, status, body);
                } catch (RuntimeException e) {
                  call.fail(call.failures.invalidBody());
                }
              }
            });
    return subscriber;
  }

  private void finish(
      SearchCall call,
      URI endpoint,
      @Nullable HttpResponse<byte[]> response,
      @Nullable Throwable error) {
    if (call.done()) {
      return;
    }
    try {
      if (error != null) {
        Throwable t = Exceptions.unwrap(error);
        if (t instanceof CappedBodySubscriber.OverCap) {
          call.fail(call.failures.requestFailed("response body over 8 MiB"));
        } else if (t instanceof CancellationException) {
          call.abort();
        } else {
          call.fail(
              call.failures.requestFailed(
                  Exceptions.describe(t, false) + Exceptions.connectingTo(t, endpoint), t));
        }
        return;
      }
      call.succeedOrFail(answers, Objects.requireNonNull(response));
    } catch (RuntimeException e) {
      call.fail(call.failures.invalidBody());
    }
  }

  /**
   * Ends in-flight searches with {@code WEB_ABORTED}, drops the HTTP client and shuts down its
   * threads. Later searches end with {@code WEB_ABORTED}. Idempotent.
   */
  @Override
  public void close() {
    client = null;
    for (SearchCall call : List.copyOf(inFlight)) {
      call.abort();
    }
    executor.shutdownNow();
  }

  /** The HTTP client, absent once closed; for tests that prove it is released. */
  @Nullable HttpClient client() {
    return client;
  }

  /** The name prefix of this provider's HTTP threads; for tests that prove they end. */
  String threadPrefix() {
    return threadPrefix;
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
