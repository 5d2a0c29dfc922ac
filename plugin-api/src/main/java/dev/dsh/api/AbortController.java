package dev.dsh.api;

import java.lang.System.Logger.Level;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * Creates an {@link AbortSignal} and fires it.
 *
 * <p>Thread-safe. {@link #close()} unlinks the controller from the signals it was {@linkplain
 * #linkedTo linked to} without firing it, so a long-lived parent does not keep it alive.
 */
public final class AbortController implements AutoCloseable {

  private static final System.Logger LOG = System.getLogger(AbortController.class.getName());

  private final Signal signal = new Signal();
  private final List<Disposable> links = new ArrayList<>();

  /** A controller whose signal has not fired. */
  public AbortController() {}

  /**
   * A controller whose signal also fires when any of {@code parents} fires, with the parent's
   * reason. Its signal reports {@linkplain AbortSignal#aborted() aborted} as soon as a parent has
   * fired, before the parent's handlers have reached it: one abort of a parent is seen by every
   * signal linked to it at once, so work that checks a signal never starts after the abort just
   * because its own handler has not run yet.
   */
  public static AbortController linkedTo(AbortSignal... parents) {
    AbortController controller = new AbortController();
    for (AbortSignal parent : parents) {
      Objects.requireNonNull(parent, "parent signal");
      Disposable link =
          parent.onAbort(
              () ->
                  controller.abort(
                      parent.reason().orElseGet(() -> new CancellationException("aborted"))));
      synchronized (controller.links) {
        controller.links.add(link);
      }
      controller.signal.follow(parent);
      if (controller.signal.aborted()) {
        // A parent had already fired: nothing more to follow, and no link may stay behind.
        controller.unlink();
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
      unlink();
    }
  }

  /** Records when {@link AbortSignal#timeout}'s timer is due to fire this controller's signal. */
  void dueAt(Instant deadline) {
    signal.dueAt(deadline);
  }

  /** Unlinks from parent signals without firing. The signal can still be fired by {@link #abort}. */
  @Override
  public void close() {
    unlink();
  }

  private void unlink() {
    List<Disposable> toRelease;
    synchronized (links) {
      toRelease = new ArrayList<>(links);
      links.clear();
    }
    toRelease.forEach(Disposable::dispose);
    signal.unfollowAll();
  }

  private static final class Signal implements AbortSignal {
    private final Map<Object, Runnable> handlers = new LinkedHashMap<>();
    // The signals this one is linked to while linked: a fired parent counts before its handler
    // has fired this one.
    private final List<AbortSignal> parents = new ArrayList<>();
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
      for (AbortSignal parent : linked) {
        Optional<Throwable> why = parent.reason();
        if (why.isPresent()) {
          return why;
        }
      }
      return Optional.empty();
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

    synchronized void dueAt(Instant deadline) {
      due = deadline;
    }

    synchronized void follow(AbortSignal parent) {
      if (reason == null) {
        parents.add(parent);
      }
    }

    synchronized void unfollowAll() {
      parents.clear();
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

    @Override
    public String toString() {
      Optional<Throwable> why = reason();
      return why.isEmpty() ? "AbortSignal[pending]" : "AbortSignal[aborted: " + why.get() + "]";
    }
  }
}
