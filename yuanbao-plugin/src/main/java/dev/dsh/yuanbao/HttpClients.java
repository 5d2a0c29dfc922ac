package dev.dsh.yuanbao;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * The provider's HTTP client, built on first use: HTTP/1.1, no redirects, and one executor of the
 * provider's own, so a search in steady state starts no thread.
 */
final class HttpClients implements AutoCloseable {

  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /**
   * The executor's threads. The exchanges' tasks are short (none waits for the network), so a few
   * threads serve any number of searches in flight; a cached pool grew to about one thread per
   * exchange in flight (70 at 64 searches at once) and spent more CPU waking them (BENCHMARKS.md,
   * (g)). More than one per CPU, so that a slow host-name lookup, which the JDK client makes on
   * this executor when its address cache has expired, leaves others to run.
   */
  static final int POOL_SIZE = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());

  /** How long a thread outlives its last task once the provider is closed. */
  private static final Duration IDLE_AFTER_CLOSE = Duration.ofMillis(200);

  /** Numbers providers, so each one's threads are told apart ({@code dsh-yuanbao-3-http-1}). */
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  private final String threadPrefix = "dsh-yuanbao-" + INSTANCES.incrementAndGet() + "-http-";
  private final ThreadPoolExecutor executor;
  private volatile @Nullable HttpClient client;
  private volatile boolean closed;

  HttpClients() {
    AtomicInteger threads = new AtomicInteger();
    this.executor = new ThreadPoolExecutor(POOL_SIZE, POOL_SIZE, 60, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), task -> {
          Thread thread = new Thread(task, threadPrefix + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
    // Threads come with the first searches and go after a minute without one.
    executor.allowCoreThreadTimeOut(true);
  }

  /** The client, or null once closed. */
  synchronized @Nullable HttpClient get() {
    if (closed) {
      return null;
    }
    if (client == null) {
      client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(CONNECT_TIMEOUT)
          .executor(executor).build();
    }
    return client;
  }

  String threadPrefix() {
    return threadPrefix;
  }

  /**
   * Drops the client and lets the executor's threads end once idle. Not a shutdown: the client
   * still runs tasks on it to wind up the exchanges the close cancelled, and a refused task would
   * leave one pending for good, holding the selector thread and this plugin's class loader (the
   * reload soak's leak with an earlier blocking {@code send}).
   */
  @Override
  public synchronized void close() {
    closed = true;
    client = null;
    executor.setKeepAliveTime(IDLE_AFTER_CLOSE.toMillis(), TimeUnit.MILLISECONDS);
  }
}
