package dev.dsh.api;

import java.lang.System.Logger.Level;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Creates an {@link AbortSignal} and fires it. Thread-safe. */
public final class AbortController implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(AbortController.class.getName());

  private final Signal signal = new Signal();

  /** A controller whose signal has not fired. */
  public AbortController() {}

  /**
   * A controller whose signal also fires when any of {@code parents} fires, with that one's reason,
   * and reports aborted as soon as one has fired, before the parent's handlers reach it.
   */
  public static AbortController linkedTo(AbortSignal... parents) {
    AbortController controller = new AbortController();
    for (AbortSignal parent : parents) {
      Objects.requireNonNull(parent, "parent signal");
      controller.signal.follow(parent, parent.onAbort(() -> controller.abort(
          parent.reason().orElseGet(() -> new CancellationException("aborted")))));
      if (controller.signal.aborted()) {
        controller.close(); // a parent had fired: no link may stay behind
        break;
      }
    }
    return controller;
  }

  /** The signal this controller fires. */
  public AbortSignal signal() {
    return signal;
  }

  /** Fires the signal with a {@link CancellationException} as the reason. */
  public void abort() {
    abort(new CancellationException("aborted"));
  }

  /** Fires the signal with {@code reason}; has no effect when it already fired. */
  public void abort(Throwable reason) {
    Objects.requireNonNull(reason, "reason");
    if (signal.fire(reason)) {
      close();
    }
  }

  /** A controller fired with {@code reason} after {@code delay} ({@link AbortSignal#timeout}). */
  static AbortController firedAfter(Duration delay, Throwable reason) {
    AbortController controller = new AbortController();
    synchronized (controller.signal) {
      controller.signal.due = Instant.now().plus(delay);
    }
    Timer.EXECUTOR.schedule(() -> controller.abort(reason), delay.toNanos(), TimeUnit.NANOSECONDS);
    return controller;
  }

  /** Unlinks from the parent signals without firing, so a long-lived parent does not keep it. */
  @Override
  public void close() {
    List<Disposable> links;
    synchronized (signal) {
      links = List.copyOf(signal.links);
      signal.links.clear();
      signal.parents.clear();
    }
    links.forEach(Disposable::dispose);
  }

  // The one daemon thread behind AbortSignal.timeout: privileged, with this API's loader, so it
  // never pins the domain or loader of a plugin whose code triggered its creation.
  private static final class Timer {
    static final ScheduledThreadPoolExecutor EXECUTOR = create();

    @SuppressWarnings("removal") // the only way on 17 to keep a plugin's domain out of the thread
    private static ScheduledThreadPoolExecutor create() {
      ClassLoader apiLoader = AbortController.class.getClassLoader();
      ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, task ->
          AccessController.doPrivileged((PrivilegedAction<Thread>) () -> {
            Thread thread = new Thread(task, "dsh-abort-timer");
            thread.setDaemon(true);
            thread.setContextClassLoader(apiLoader);
            return thread;
          }));
      executor.setRemoveOnCancelPolicy(true);
      executor.prestartAllCoreThreads();
      return executor;
    }
  }

  /** The signal of {@link AbortSignal#never()}. */
  static final AbortSignal NEVER = new AbortSignal() {
    @Override
    public boolean aborted() {
      return false;
    }

    @Override
    public Optional<Throwable> reason() {
      return Optional.empty();
    }

    @Override
    public Disposable onAbort(Runnable handler) {
      return Disposable.noop();
    }
  };

  private static final class Signal implements AbortSignal {
    private final Map<Object, Runnable> handlers = new LinkedHashMap<>();
    // The signals it follows while linked (a fired parent counts before its handler reached this),
    // and the handlers it has on them.
    private final List<AbortSignal> parents = new ArrayList<>();
    private final List<Disposable> links = new ArrayList<>();
    private Throwable reason;
    private Instant due;

    @Override
    public boolean aborted() {
      return reason().isPresent();
    }

    @Override
    public Optional<Throwable> reason() {
      List<AbortSignal> linked;
      synchronized (this) {
        if (reason != null || parents.isEmpty()) {
          return Optional.ofNullable(reason);
        }
        linked = List.copyOf(parents);
      }
      return linked.stream().map(AbortSignal::reason).flatMap(Optional::stream).findFirst();
    }

    @Override
    public Optional<Instant> deadline() {
      List<AbortSignal> linked;
      Instant earliest;
      synchronized (this) {
        earliest = due;
        linked = List.copyOf(parents);
      }
      for (AbortSignal parent : linked) {
        Instant d = parent.deadline().orElse(null);
        earliest = earliest == null || (d != null && d.isBefore(earliest)) ? d : earliest;
      }
      return Optional.ofNullable(earliest);
    }

    synchronized void follow(AbortSignal parent, Disposable link) {
      links.add(link);
      if (reason == null) {
        parents.add(parent);
      }
    }

    @Override
    public Disposable onAbort(Runnable handler) {
      Objects.requireNonNull(handler, "handler");
      Object token = new Object();
      synchronized (this) {
        if (reason == null) {
          handlers.put(token, handler);
          return () -> {
            synchronized (this) {
              handlers.remove(token);
            }
          };
        }
      }
      runIsolated(handler);
      return Disposable.noop();
    }

    boolean fire(Throwable why) {
      List<Runnable> toRun;
      synchronized (this) {
        if (reason != null) {
          return false;
        }
        reason = why;
        parents.clear();
        toRun = new ArrayList<>(handlers.values());
        handlers.clear();
      }
      toRun.forEach(Signal::runIsolated);
      return true;
    }

    private static void runIsolated(Runnable handler) {
      try {
        handler.run();
      } catch (RuntimeException | Error e) {
        LOG.log(Level.WARNING, "abort handler failed", e);
      }
    }
  }
}
