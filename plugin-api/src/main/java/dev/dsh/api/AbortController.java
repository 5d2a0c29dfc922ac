package dev.dsh.api;

import java.lang.System.Logger.Level;
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
   * reason.
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
  }

  private static final class Signal implements AbortSignal {
    private final Map<Object, Runnable> handlers = new LinkedHashMap<>();
    private Throwable reason;

    @Override
    public synchronized boolean aborted() {
      return reason != null;
    }

    @Override
    public synchronized Optional<Throwable> reason() {
      return Optional.ofNullable(reason);
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
    public synchronized String toString() {
      return reason == null ? "AbortSignal[pending]" : "AbortSignal[aborted: " + reason + "]";
    }
  }
}
