package dev.dsh.host.internal.runtime;

import dev.dsh.api.Scope;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One thread running the tasks asked of it in order (in place from itself or once stopped). One
 * alarm times the innermost level while it is plugin code ({@link #guard}), so a deadline never
 * passes mid-transition; then a fresh thread takes over, running {@code recovery} first.
 */
public final class RuntimeThread {

  /** Which plugin code a guarded call runs: a stuck release is recovered apart from the others. */
  enum Callback {
    APPLY, UPDATE_HANDLER, RELEASE_ACTION;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /** Plugin code overstayed the deadline, as in {@code apply did not return within 10 s; ...}. */
  public static final class PluginCallTimeoutException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PluginCallTimeoutException(Callback what, Duration deadline, String stuckThread) {
      super(what + " did not return within " + (deadline.toMillis() % 1000 == 0
          ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms")
          + "; thread \"" + stuckThread + "\" is left in it", null, false, false);
    }
  }

  record Call(Scope owner, Callback what, PluginCallTimeoutException error) {}

  // Unwinds a stuck thread that came back; caught only at the top of its loop.
  static final class Abandoned extends Error {}

  /** A plugin call (owner set) with its time left, or a nested step (owner null). */
  private record Level(@Nullable Scope owner, @Nullable Callback what, long left) {}
  private record Task(Supplier<?> work, CompletableFuture<@Nullable Object> done) {}

  private static final ClassLoader HOST = RuntimeThread.class.getClassLoader();

  private final String name;
  private final Duration deadline;
  private final Consumer<List<Call>> recovery;
  private final LinkedBlockingDeque<Task> queue = new LinkedBlockingDeque<>();
  private final ScheduledThreadPoolExecutor watchdog =
      new ScheduledThreadPoolExecutor(1, r -> thread(r, "dsh-runtime-watchdog"));
  // guarded by this: the worker (null once stopped), its levels (innermost first), the alarm
  private volatile @Nullable Thread worker;
  private volatile @Nullable Task current;
  private final Deque<Level> levels = new ArrayDeque<>();
  private @Nullable ScheduledFuture<?> alarm;
  private long armedAt;

  /** A thread for tasks that run no plugin code: nothing is timed. */
  public RuntimeThread(String name) {
    this(name, Duration.ofNanos(Long.MAX_VALUE), lost -> {});
  }

  RuntimeThread(String name, Duration deadline, Consumer<List<Call>> recovery) {
    this.name = name;
    this.deadline = deadline;
    this.recovery = recovery;
    watchdog.setRemoveOnCancelPolicy(true);
    startWorker();
  }

  /** Runs {@code op} on this thread (the caller's once stopped); returns or throws as it did. */
  @SuppressWarnings("unchecked")
  public <T> T call(Supplier<T> op) {
    Task task = new Task(op, new CompletableFuture<>());
    if (!queued(task)) {
      boolean nested = enter(null, null);
      try {
        return op.get();
      } finally {
        leave(nested);
      }
    }
    try {
      return (T) task.done().join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw (RuntimeException) e.getCause();
    }
  }

  private synchronized boolean queued(Task task) {
    return worker != null && worker != Thread.currentThread() && queue.add(task);
  }

  public void run(Runnable op) {
    call(unit(op));
  }

  /** Stops the thread once the tasks asked before have run; later ones run in place. */
  public void stop() {
    run(() -> {
      synchronized (this) {
        worker = null;
      }
    });
    for (Task task; (task = queue.poll()) != null; ) {
      runTask(task);
    }
    watchdog.shutdownNow();
  }

  /** Queues {@code op} after what was asked before: for a request the step on the stack blocks. */
  void later(Runnable op) {
    queue.addLast(new Task(unit(op), new CompletableFuture<>()));
  }

  synchronized boolean inCall(Scope owner) {
    return levels.stream().anyMatch(level -> level.owner() == owner);
  }

  <T> T guard(Scope owner, Callback what, Callable<T> plugin) throws Exception {
    boolean timed = enter(owner, what);
    try {
      return plugin.call();
    } finally {
      if (timed) {
        Thread.currentThread().setContextClassLoader(HOST);
        Thread.interrupted(); // a plugin's interrupt must not stop this thread
      }
      leave(timed);
    }
  }

  private synchronized boolean enter(@Nullable Scope owner, @Nullable Callback what) {
    if (worker != Thread.currentThread()) {
      return false; // stopped: the caller's thread runs it, untimed
    }
    pause();
    levels.push(new Level(owner, what, deadline.toNanos()));
    resume();
    return true;
  }

  private synchronized void leave(boolean entered) {
    if (entered) {
      if (worker != Thread.currentThread()) {
        throw new Abandoned(); // its levels went with the deadline; a fresh thread took over
      }
      pause();
      levels.pop();
      resume();
    }
  }

  private void pause() {
    if (alarm != null) {
      alarm.cancel(false);
      alarm = null;
      Level top = levels.pop();
      levels.push(new Level(top.owner(), top.what(), top.left() - (System.nanoTime() - armedAt)));
    }
  }

  private void resume() {
    Level top = levels.peek();
    if (top != null && top.owner() != null) {
      armedAt = System.nanoTime();
      alarm = watchdog.schedule(this::expire, top.left(), TimeUnit.NANOSECONDS);
    }
  }

  private synchronized void expire() {
    if (alarm == null || alarm.getDelay(TimeUnit.NANOSECONDS) > 0) {
      return; // a paused or cancelled alarm that fired all the same
    }
    Level top = levels.element();
    String stuck = "dsh-plugin " + top.owner().id() + " " + top.what();
    List<Call> lost = levels.stream().filter(level -> level.owner() != null)
        .map(level -> new Call(level.owner(), level.what(),
            new PluginCallTimeoutException(level.what(), deadline, stuck)))
        .toList();
    levels.clear();
    alarm = null;
    worker.setName(stuck);
    // the recovery answers the stuck task's caller, or the caller of the recovery it replaces
    queue.addFirst(new Task(unit(() -> recovery.accept(lost)), current.done()));
    startWorker();
  }

  private void startWorker() {
    Thread thread = thread(() -> {
      try {
        while (worker == Thread.currentThread()) {
          current = queue.take();
          runTask(current);
          current = null;
          Thread.currentThread().setContextClassLoader(HOST); // PF4J or a plugin may have set it
        }
      } catch (Abandoned | InterruptedException e) {
        // a stuck thread that came back: its successor goes on
      }
    }, name);
    worker = thread;
    thread.start();
  }

  private static void runTask(Task task) {
    try {
      task.done().complete(task.work().get());
    } catch (Abandoned a) {
      throw a;
    } catch (RuntimeException | Error e) {
      task.done().completeExceptionally(e);
    }
  }

  private static Supplier<@Nullable Object> unit(Runnable op) {
    return () -> {
      op.run();
      return null;
    };
  }

  private static Thread thread(Runnable body, String name) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.setContextClassLoader(HOST);
    return thread;
  }
}
