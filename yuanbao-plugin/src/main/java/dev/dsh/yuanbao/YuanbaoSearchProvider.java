package dev.dsh.yuanbao;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The {@code yuanbao} search provider: one {@code POST {baseURL}/SearchPro} per search, its key
 * resolved for it; no retry. At most {@code maxConcurrentSearches} run at once, others wait.
 */
public final class YuanbaoSearchProvider implements WebSearchProvider, AutoCloseable {

  /** The provider id. */
  public static final String ID = "yuanbao";

  // Fixed: a cached pool grew a thread per exchange (BENCHMARKS.md, (g)). Two per CPU, so a slow
  // host-name lookup, which the JDK client makes on this executor, leaves others to run.
  static final int POOL_SIZE = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

  private static final AtomicInteger INSTANCES = new AtomicInteger();

  private final KeyResolver keys;
  private final SearchQueue queue = new SearchQueue();
  private final Set<SearchCall> inFlight = ConcurrentHashMap.newKeySet();
  final String threadPrefix = "dsh-yuanbao-" + INSTANCES.incrementAndGet() + "-http-";
  private final ThreadPoolExecutor executor;
  private @Nullable HttpClient client;
  private volatile Settings settings;
  private volatile boolean closed;

  /** Reads {@code credentials}, else {@code env}, on each search; IAE names a field not allowed. */
  public YuanbaoSearchProvider(YuanbaoConfig config,
      Supplier<Optional<CredentialService>> credentials, LaunchEnvironment env) {
    this.settings = Settings.of(Objects.requireNonNull(config, "config"));
    this.keys = new KeyResolver(
        Objects.requireNonNull(credentials, "credentials"), Objects.requireNonNull(env, "env"));
    AtomicInteger threads = new AtomicInteger();
    this.executor = new ThreadPoolExecutor(POOL_SIZE, POOL_SIZE, 60, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), task -> {
          Thread thread = new Thread(task, threadPrefix + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
    executor.allowCoreThreadTimeOut(true);
  }

  /** Settings for the searches that start next; on IllegalArgumentException the old ones stay. */
  public void reconfigure(YuanbaoConfig config) {
    this.settings = Settings.of(Objects.requireNonNull(config, "config"));
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public boolean available() {
    return unavailableReason().isEmpty();
  }

  @Override
  public Optional<String> unavailableReason() {
    return Optional.ofNullable(closed ? "the provider is closed" : settings.baseUrlProblem());
  }

  @Override
  public boolean ready() {
    return available() && keys.missing(settings).isEmpty();
  }

  @Override
  public Optional<String> notReadyReason() {
    return available() ? keys.missing(settings) : Optional.empty();
  }

  @Override
  public Set<SearchFilter> supportedFilters() {
    return EnumSet.allOf(SearchFilter.class);
  }

  @Override
  public int queueDepth() {
    return queue.depth();
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(signal, "signal");
    SearchCall call = new SearchCall();
    inFlight.add(call);
    // Runs at once on a signal already fired: the call then ends before it can send.
    Disposable onAbort = signal.onAbort(call::abort);
    call.result.whenComplete((r, e) -> {
      onAbort.dispose();
      inFlight.remove(call);
    });
    Settings snapshot = settings;
    String unsupported = Settings.unsupported(request.filters());
    if (closed) {
      call.abort();
    } else if (snapshot.baseUrlProblem() != null) {
      call.result.completeExceptionally(call.failures.requestFailed(snapshot.baseUrlProblem(), null));
    } else if (unsupported != null) {
      call.result.completeExceptionally(
          new WebError(WebErrorCodes.WEB_REQUEST_UNSUPPORTED, unsupported));
    } else {
      Runnable exit = queue.enter(snapshot.config().maxConcurrentSearches(), signal.deadline().orElse(Instant.MAX),
          () -> call.begin(request, snapshot, signal, keys, this::client));
      call.result.whenComplete((r, e) -> exit.run());
    }
    return call.result;
  }

  /** Ends in-flight and later searches with {@code WEB_ABORTED}; releases the HTTP client. */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      client = null;
      // Not a shutdown: the client still runs tasks on it to wind up the exchanges the close
      // cancels, and a refused task would leave one pending for good, holding the selector thread
      // and this plugin's class loader.
      executor.setKeepAliveTime(200, TimeUnit.MILLISECONDS);
    }
    for (SearchCall call : List.copyOf(inFlight)) {
      call.abort();
    }
  }

  synchronized @Nullable HttpClient client() {
    if (client == null && !closed) {
      client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10))
          .executor(executor).build();
    }
    return client;
  }

  @Override
  public String toString() {
    return "YuanbaoSearchProvider" + settings;
  }
}
