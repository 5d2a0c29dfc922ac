package dev.dsh.host.runtime;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * Runs plugin code ({@code apply}, update handlers, release actions) under a deadline.
 *
 * <p>The call runs on a pool thread while the asking thread waits at most the deadline. While it
 * runs, the pool thread stands in for the asking thread: the runtime treats what it asks as asked
 * from inside the step (see {@link #standsFor}). Past the deadline the call is abandoned: the pool
 * thread is left to it, named after the scope and the call, and the asking thread goes on with a
 * {@link PluginCallTimeoutException}. The pool's threads run no plugin code outside a call and carry
 * the host's context class loader, so an idle one never pins a plugin's class loader.
 */
final class PluginCalls {

  private static final AtomicInteger THREADS = new AtomicInteger();

  private final Object monitor;
  private final Duration deadline;
  private final ThreadPoolExecutor pool;
  /** Asking thread → the pool thread running its call; guarded by the monitor. */
  private final Map<Thread, Thread> standIns = new HashMap<>();

  PluginCalls(Object monitor, Duration deadline) {
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("the plugin deadline must be positive: " + deadline);
    }
    this.monitor = monitor;
    this.deadline = deadline;
    ClassLoader host = PluginCalls.class.getClassLoader();
    this.pool =
        new ThreadPoolExecutor(
            0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS, new SynchronousQueue<>(),
            task -> {
              Thread thread = new Thread(task, "dsh-plugin-call-" + THREADS.incrementAndGet());
              thread.setDaemon(true);
              thread.setContextClassLoader(host);
              return thread;
            });
  }

  Duration deadline() {
    return deadline;
  }

  /**
   * Runs {@code call} for {@code scopeId} and returns its result or throws what it threw.
   *
   * @param what the call, for messages: {@code apply}, {@code update handler}, {@code release
   *     action}
   * @throws PluginCallTimeoutException when it did not return within the deadline
   */
  <T> T call(String scopeId, String what, Callable<T> call) throws Exception {
    Thread asker = Thread.currentThread();
    Object[] runner = new Object[1];
    boolean[] abandoned = new boolean[1];
    Future<T> future =
        pool.submit(
            () -> {
              Thread me = Thread.currentThread();
              synchronized (monitor) {
                if (abandoned[0]) {
                  return null;
                }
                runner[0] = me;
                standIns.put(asker, me);
              }
              String name = me.getName();
              me.setName("dsh-plugin " + scopeId + " " + what);
              try {
                return call.call();
              } finally {
                me.setName(name);
                me.setContextClassLoader(PluginCalls.class.getClassLoader());
                Thread.interrupted(); // a plugin's interrupt never reaches the next call
              }
            });
    boolean interrupted = false;
    long end = System.nanoTime() + deadline.toNanos();
    try {
      while (true) {
        try {
          return future.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
          interrupted = true; // the call must end or be abandoned before the step goes on
        } catch (ExecutionException e) {
          throw rethrowable(e.getCause());
        } catch (TimeoutException e) {
          String stuck;
          synchronized (monitor) {
            abandoned[0] = true;
            stuck = runner[0] == null ? null : ((Thread) runner[0]).getName();
          }
          future.cancel(false);
          throw new PluginCallTimeoutException(
              what + " did not return within " + format(deadline), stuck);
        }
      }
    } finally {
      synchronized (monitor) {
        standIns.remove(asker);
      }
      if (interrupted) {
        asker.interrupt();
      }
    }
  }

  /**
   * Whether {@code me} runs on behalf of {@code owner}: it is {@code owner}, or the thread running
   * {@code owner}'s plugin call, or one further down such a chain. The caller holds the monitor.
   */
  boolean standsFor(@Nullable Thread owner, Thread me) {
    for (Thread t = owner; t != null; t = standIns.get(t)) {
      if (t == me) {
        return true;
      }
    }
    return false;
  }

  /**
   * The thread actually working for {@code owner}: the end of its chain of plugin calls. The
   * caller holds the monitor.
   */
  Thread working(Thread owner) {
    Thread t = owner;
    for (Thread next = standIns.get(t); next != null; next = standIns.get(t)) {
      t = next;
    }
    return t;
  }

  int callsRunning() {
    return standIns.size();
  }

  /** Lets idle pool threads end; a call still running keeps its thread. */
  void shutdown() {
    pool.shutdown();
  }

  static String format(Duration d) {
    if (d.toMillis() % 1000 == 0) {
      return d.toSeconds() + " s";
    }
    return d.toMillis() + " ms";
  }

  private static Exception rethrowable(Throwable cause) {
    if (cause instanceof Exception e) {
      return e;
    }
    if (cause instanceof Error e) {
      throw e;
    }
    return new RuntimeException(cause);
  }
}
