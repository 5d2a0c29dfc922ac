package dev.dsh.host.internal.runtime;

import dev.dsh.api.Scope;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
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
 * The one thread that performs a runtime's transitions, one task at a time in the order asked:
 * {@link #call} from another thread queues the task and waits, from the runtime thread it runs in
 * place. Plugin code runs through {@link #guard}. One alarm times the innermost level only, and
 * only while it is a plugin call: a nested step pauses the call it is nested in, so a deadline
 * passes only while the thread is in plugin code, never while it touches the tree. Then a fresh
 * thread takes over (it first runs {@code recovery} with the calls on the stuck stack) and the
 * stuck one, should it return, throws {@link Abandoned}. Threads run no plugin code of their own
 * and keep the host's context class loader, so an idle one pins no plugin's class loader.
 */
final class RuntimeThread {

  /** A plugin call that overstayed the deadline, or was on the stack of one that did. */
  record Call(Scope owner, PluginCallback what, PluginCallTimeoutException error) {}

  /** Unwinds a stuck thread that came back; never caught by the runtime except at the top. */
  static final class Abandoned extends Error {}

  /** A nesting level: a plugin call (owner and callback set) with its time left, or a step. */
  private record Level(@Nullable Scope owner, @Nullable PluginCallback what, long left) {}

  private record Task(Supplier<?> work, CompletableFuture<@Nullable Object> done) {}

  private static final ClassLoader HOST = RuntimeThread.class.getClassLoader();

  private final Duration deadline;
  private final Consumer<List<Call>> recovery;
  private final LinkedBlockingDeque<Task> queue = new LinkedBlockingDeque<>();
  private final ScheduledThreadPoolExecutor watchdog =
      new ScheduledThreadPoolExecutor(1, r -> thread(r, "dsh-runtime-watchdog"));
  // guarded by this: the runtime thread (null once stopped), its task, its nesting (innermost
  // first) and the one alarm, armed while the innermost level is a plugin call
  private volatile @Nullable Thread worker;
  private volatile @Nullable Task current;
  private final Deque<Level> levels = new ArrayDeque<>();
  private @Nullable ScheduledFuture<?> alarm;
  private long armedAt;

  RuntimeThread(Duration deadline, Consumer<List<Call>> recovery) {
    this.deadline = deadline;
    this.recovery = recovery;
    watchdog.setRemoveOnCancelPolicy(true);
    startWorker();
  }

  /** Runs {@code op} on the runtime thread (the caller's once stopped): returns or throws. */
  @SuppressWarnings("unchecked")
  <T> T call(Supplier<T> op) {
    Task task = new Task(op, new CompletableFuture<>());
    boolean inPlace;
    synchronized (this) {
      inPlace = worker == null || worker == Thread.currentThread();
      if (!inPlace) {
        queue.add(task);
      }
    }
    if (inPlace) {
      boolean nested = enter(null, null);
      try {
        return op.get();
      } finally {
        if (nested) {
          leave();
        }
      }
    }
    try {
      return (T) task.done().join(); // uninterruptible: the task is queued and will run
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw (RuntimeException) e.getCause();
    }
  }

  void run(Runnable op) {
    call(task(op).work());
  }

  /** Queues {@code op} after what was asked before: for a request the step on the stack blocks. */
  void later(Runnable op) {
    queue.addLast(task(op));
  }

  /** Whether a plugin call of {@code owner} is on the runtime thread's stack. */
  synchronized boolean inCall(Scope owner) {
    return levels.stream().anyMatch(level -> level.owner() == owner);
  }

  /** Runs plugin code for {@code owner} under the deadline. */
  <T> T guard(Scope owner, PluginCallback what, Callable<T> plugin) throws Exception {
    boolean timed = enter(owner, what);
    try {
      return plugin.call();
    } finally {
      if (timed) {
        Thread.currentThread().setContextClassLoader(HOST);
        Thread.interrupted(); // a plugin's interrupt must not stop the runtime thread
        leave();
      }
    }
  }

  /** Stops the runtime thread once the tasks asked before have run; later ones run in place. */
  void stop() {
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

  private synchronized boolean enter(@Nullable Scope owner, @Nullable PluginCallback what) {
    if (worker != Thread.currentThread()) {
      return false; // stopped: the caller's thread runs it, untimed
    }
    pause();
    levels.push(new Level(owner, what, deadline.toNanos()));
    resume();
    return true;
  }

  private synchronized void leave() {
    if (worker != Thread.currentThread()) {
      throw new Abandoned(); // its levels went with the deadline; a fresh thread took over
    }
    pause();
    levels.pop();
    resume(); // the call this level was nested in goes on
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
    String name = "dsh-plugin " + top.owner().id() + " " + top.what().label();
    List<Call> lost =
        levels.stream()
            .filter(level -> level.owner() != null)
            .map(
                level ->
                    new Call(
                        level.owner(),
                        level.what(),
                        new PluginCallTimeoutException(level.what().label(), deadline, name)))
            .toList();
    levels.clear();
    alarm = null;
    worker.setName(name);
    // the recovery answers the stuck task's caller, or the caller of the recovery it replaces
    queue.addFirst(
        new Task(
            () -> {
              recovery.accept(lost);
              return null;
            },
            current.done()));
    startWorker();
  }

  private void startWorker() {
    Thread thread = thread(() -> {
      try {
        while (worker == Thread.currentThread()) {
          current = queue.take();
          runTask(current);
          current = null; // an idle thread holds nothing of a plugin
        }
      } catch (Abandoned | InterruptedException e) {
        // a stuck thread that came back: its successor goes on
      }
    }, "dsh-runtime");
    worker = thread;
    thread.start();
  }

  private void runTask(Task task) {
    try {
      task.done().complete(task.work().get());
    } catch (Abandoned a) {
      throw a;
    } catch (RuntimeException | Error e) {
      task.done().completeExceptionally(e);
    }
  }

  private static Task task(Runnable op) {
    return new Task(() -> {
      op.run();
      return null;
    }, new CompletableFuture<>());
  }

  private static Thread thread(Runnable body, String name) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.setContextClassLoader(HOST);
    return thread;
  }
}
