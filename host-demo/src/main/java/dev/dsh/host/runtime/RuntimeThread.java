package dev.dsh.host.runtime;

import dev.dsh.api.Scope;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
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
 * place. Plugin code runs through {@link #guard}. Only the innermost call is timed, so a deadline
 * passes only while the thread is in plugin code, never while it touches the tree: then a fresh
 * thread takes over (it first runs {@code recovery} with the calls on the stuck stack) and the
 * stuck one, should it return, throws {@link Abandoned}. Threads run no plugin code of their own
 * and keep the host's context class loader, so an idle one pins no plugin's class loader.
 */
final class RuntimeThread {

  /** A plugin call that overstayed the deadline, or was on the stack of one that did. */
  record Call(Scope owner, String what, PluginCallTimeoutException error) {}

  /** Unwinds a stuck thread that came back; never caught by the runtime except at the top. */
  static final class Abandoned extends Error {}

  /** A nesting level: a plugin call ({@code owner} set; timed while innermost) or a step. */
  private final class Frame {
    @Nullable Scope owner;
    String what = "";
    long left = deadline.toNanos();
    long since;
    int arms;
    @Nullable ScheduledFuture<?> alarm;
    boolean lost;
  }

  private record Task(Supplier<?> work, CompletableFuture<@Nullable Object> done) {}

  private static final ClassLoader HOST = RuntimeThread.class.getClassLoader();

  private final Duration deadline;
  private final Consumer<List<Call>> recovery;
  private final Runnable afterTask;
  private final LinkedBlockingDeque<Task> queue = new LinkedBlockingDeque<>();
  private final ScheduledThreadPoolExecutor watchdog =
      new ScheduledThreadPoolExecutor(1, r -> thread(r, "dsh-runtime-watchdog"));
  // guarded by this: the runtime thread, its task and its nesting (innermost first)
  private volatile @Nullable Thread worker;
  private volatile @Nullable Task current; // read by expire only while a task runs
  private final Deque<Frame> frames = new ArrayDeque<>();
  private final List<Task> unanswered = new ArrayList<>(); // stuck tasks, until a recovery ran

  RuntimeThread(Duration deadline, Consumer<List<Call>> recovery, Runnable afterTask) {
    this.deadline = deadline;
    this.recovery = recovery;
    this.afterTask = afterTask;
    watchdog.setRemoveOnCancelPolicy(true);
    startWorker();
  }

  /** Runs {@code op} on the runtime thread (the caller's once stopped): returns or throws. */
  @SuppressWarnings("unchecked")
  <T> T call(Supplier<T> op) {
    Task task = new Task(op, new CompletableFuture<>());
    Frame frame = null;
    boolean queued = false;
    synchronized (this) {
      if (worker == Thread.currentThread()) {
        frame = enter(null, "");
      } else if (worker != null) {
        queued = queue.add(task);
      }
    }
    if (queued) {
      try {
        return (T) task.done().join(); // uninterruptible: the task is queued and will run
      } catch (CompletionException e) {
        if (e.getCause() instanceof Error err) {
          throw err;
        }
        throw (RuntimeException) e.getCause();
      }
    }
    try {
      return op.get();
    } finally {
      if (frame != null) {
        leave(frame);
      }
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
    return frames.stream().anyMatch(f -> f.owner == owner);
  }

  /** Runs plugin code for {@code owner} under the deadline. */
  <T> T guard(Scope owner, String what, Callable<T> plugin) throws Exception {
    Frame frame;
    synchronized (this) {
      frame = worker == null ? null : enter(owner, what);
    }
    try {
      return plugin.call();
    } finally {
      if (frame != null) {
        Thread.currentThread().setContextClassLoader(HOST);
        Thread.interrupted(); // a plugin's interrupt must not stop the runtime thread
        leave(frame);
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

  private Frame enter(@Nullable Scope owner, String what) {
    Frame outer = frames.peek();
    if (outer != null && outer.alarm != null) { // paused while the nested step runs
      outer.alarm.cancel(false);
      outer.alarm = null;
      outer.left -= System.nanoTime() - outer.since;
    }
    Frame frame = new Frame();
    frame.owner = owner;
    frame.what = what;
    frames.push(frame);
    arm(frame);
    return frame;
  }

  private synchronized void leave(Frame frame) {
    if (frame.lost) {
      throw new Abandoned();
    }
    if (frame.alarm != null) {
      frame.alarm.cancel(false);
    }
    frames.pop();
    arm(frames.peek()); // the call this step was nested in goes on
  }

  private void arm(@Nullable Frame frame) {
    if (frame != null && frame.owner != null) {
      frame.since = System.nanoTime();
      int arms = ++frame.arms;
      frame.alarm = watchdog.schedule(() -> expire(frame, arms), frame.left, TimeUnit.NANOSECONDS);
    }
  }

  private synchronized void expire(Frame frame, int arms) {
    if (frames.peek() != frame || frame.arms != arms) {
      return; // it returned, or was paused for a nested step, in the meantime
    }
    String name = "dsh-plugin " + frame.owner.id() + " " + frame.what;
    List<Call> lost = new ArrayList<>();
    for (Frame f : frames) {
      f.lost = true;
      if (f.owner != null) {
        lost.add(new Call(f.owner, f.what, new PluginCallTimeoutException(f.what, deadline, name)));
      }
    }
    frames.clear();
    worker.setName(name);
    unanswered.add(current);
    queue.addFirst(task(() -> {
      recovery.accept(lost);
      afterTask.run(); // published before the stuck tasks' callers go on
      synchronized (this) {
        unanswered.forEach(task -> task.done().complete(null)); // a stuck recovery's too
        unanswered.clear();
      }
    }));
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
      Object result = task.work().get();
      afterTask.run();
      task.done().complete(result);
    } catch (Abandoned a) {
      throw a;
    } catch (RuntimeException | Error e) {
      afterTask.run();
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
