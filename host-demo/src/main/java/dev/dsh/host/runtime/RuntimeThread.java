package dev.dsh.host.runtime;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The one thread that performs a runtime's transitions, one task at a time in the order asked.
 *
 * <p>{@link #call} from another thread queues the task and waits for it; from the runtime thread it
 * runs in place. Plugin code runs through {@link #guard} under a deadline. When a call overstays
 * it, a fresh thread takes over (its first task is the {@code recovery} handed the abandoned calls,
 * then the abandoned task's caller is answered) and the stuck thread is left to the plugin: if it
 * ever comes back it throws {@link Abandoned} instead of touching the tree. The {@code turn} lock
 * only hands the tree from a stuck thread to its successor: the runtime thread holds it except
 * while plugin code runs. Threads come from a factory that runs no plugin code and gives them the
 * host's context class loader, so an idle one never pins a plugin's class loader.
 */
final class RuntimeThread {

  /** A plugin call that overstayed the deadline; {@code owner} is what asked for it. */
  record Call(Object owner, String what, PluginCallTimeoutException error) {}

  /** Unwinds a stuck thread that came back; never caught by the runtime except at the top. */
  static final class Abandoned extends Error {
    private static final long serialVersionUID = 1L;

    Abandoned() {
      super("the runtime went on without this thread", null, false, false);
    }
  }

  private record Watch(Object owner, String label, String what, Thread thread) {}

  private static final AtomicInteger THREADS = new AtomicInteger();
  private static final ClassLoader HOST = RuntimeThread.class.getClassLoader();

  private final Duration deadline;
  private final Consumer<List<Call>> recovery;
  private final Runnable afterTask;
  private final LinkedBlockingDeque<Handoff> queue = new LinkedBlockingDeque<>();
  private final ReentrantLock turn = new ReentrantLock();
  private final ScheduledThreadPoolExecutor watchdog;
  // guarded by this: the plugin calls running on the runtime thread, innermost last
  private final Deque<Watch> calls = new ArrayDeque<>();
  private @Nullable Handoff current;
  private volatile @Nullable Thread worker;

  RuntimeThread(Duration deadline, Consumer<List<Call>> recovery, Runnable afterTask) {
    this.deadline = deadline;
    this.recovery = recovery;
    this.afterTask = afterTask;
    this.watchdog = new ScheduledThreadPoolExecutor(1, task -> thread(task, "dsh-runtime-watchdog"));
    watchdog.setRemoveOnCancelPolicy(true);
    Thread first = thread(this::work, "dsh-runtime-" + THREADS.incrementAndGet());
    worker = first;
    first.start();
  }

  /** Runs {@code op} on the runtime thread and returns its result or throws what it threw. */
  <T> T call(Supplier<T> op) {
    Thread me = Thread.currentThread();
    if (turn.isHeldByCurrentThread()) {
      return op.get(); // inside a step: this thread holds the tree
    }
    if (me == worker || worker == null) {
      turn.lock();
      try {
        if (me == worker || worker == null) {
          return op.get();
        }
      } finally {
        if (turn.isHeldByCurrentThread()) {
          turn.unlock(); // not held any more when a stuck call unwinds
        }
      }
    }
    Handoff task = new Handoff(op);
    queue.addLast(task);
    return task.await();
  }

  /** Queues {@code op} behind what was asked before; for a request the current step must finish first. */
  void later(Runnable op) {
    queue.addLast(new Handoff(() -> {
      op.run();
      return null;
    }));
  }

  /** Names the result of the task running now, in case it is abandoned (the first name wins). */
  void partial(Object result) {
    synchronized (this) {
      if (current != null && current.partial == null) {
        current.partial = result;
      }
    }
  }

  /** Whether a plugin call of {@code owner} is running on this thread's stack. */
  synchronized boolean inCall(Object owner) {
    return calls.stream().anyMatch(w -> w.owner() == owner);
  }

  /** Runs plugin code for {@code owner} under the deadline, without the turn. */
  <T> T guard(Object owner, String label, String what, Callable<T> plugin) throws Exception {
    Thread me = Thread.currentThread();
    if (worker == null) {
      return plugin.call(); // closed: the caller's own thread, nothing to hand over
    }
    if (me != worker) {
      throw new Abandoned();
    }
    Watch watch = new Watch(owner, label, what, me);
    synchronized (this) {
      calls.addLast(watch);
    }
    ScheduledFuture<?> alarm =
        watchdog.schedule(() -> expire(watch), deadline.toNanos(), TimeUnit.NANOSECONDS);
    int holds = turn.getHoldCount();
    for (int i = 0; i < holds; i++) {
      turn.unlock();
    }
    try {
      return plugin.call();
    } finally {
      alarm.cancel(false);
      me.setContextClassLoader(HOST);
      synchronized (this) {
        calls.remove(watch);
      }
      if (worker != me) {
        throw new Abandoned();
      }
      for (int i = 0; i < holds; i++) {
        turn.lock();
      }
      if (worker != me) {
        unlockIfHeld();
        throw new Abandoned();
      }
    }
  }

  /** Disposes nothing; stops the runtime thread once the tasks asked before have run. */
  void stop() {
    call(() -> {
      worker = null;
      return null;
    });
    watchdog.shutdownNow();
  }

  private void expire(Watch watch) {
    List<Call> lost = new ArrayList<>();
    Handoff task;
    synchronized (this) {
      if (!calls.contains(watch) || watch.thread() != worker) {
        return;
      }
      var it = calls.descendingIterator();
      while (it.hasNext()) {
        Watch w = it.next();
        if (w.thread() == watch.thread()) {
          String thread = "dsh-plugin " + w.label() + " " + w.what();
          lost.add(new Call(w.owner(), w.what(), new PluginCallTimeoutException(
              w.what() + " did not return within " + PluginCallTimeoutException.format(deadline),
              thread)));
        }
      }
      Watch innermost = calls.peekLast();
      watch.thread().setName("dsh-plugin " + innermost.label() + " " + innermost.what());
      task = current;
      current = null;
      Thread fresh = thread(this::work, "dsh-runtime-" + THREADS.incrementAndGet());
      worker = fresh;
      queue.addFirst(new Handoff(() -> {
        recovery.accept(lost);
        afterTask.run(); // published before the abandoned task's caller goes on
        if (task != null) {
          task.complete(task.partial, null);
        }
        return null;
      }));
      fresh.start();
    }
  }

  private void work() {
    Thread me = Thread.currentThread();
    try {
      while (worker == me) {
        Handoff task = queue.take();
        turn.lock();
        try {
          synchronized (this) {
            current = task;
          }
          Object result = null;
          Throwable failure = null;
          try {
            result = task.work.get();
          } catch (Abandoned a) {
            throw a;
          } catch (RuntimeException | Error e) {
            failure = e;
          }
          afterTask.run();
          task.complete(result, failure);
        } finally {
          synchronized (this) {
            if (current != null && worker == me) {
              current = null;
            }
          }
          unlockIfHeld();
        }
      }
    } catch (Abandoned | InterruptedException e) {
      // a stuck thread that came back, or an interrupted idle one: the successor goes on
    }
  }

  private void unlockIfHeld() {
    while (turn.isHeldByCurrentThread()) {
      turn.unlock();
    }
  }

  private static Thread thread(Runnable body, String name) {
    Thread thread = new Thread(body, name);
    thread.setDaemon(true);
    thread.setContextClassLoader(HOST);
    return thread;
  }

}
