package dev.dsh.api;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * A one-way flag that tells an operation to stop, with the reason why.
 *
 * <p>A signal is aborted at most once; its handlers run exactly once, on the aborting thread, or
 * at once on the registering thread when the signal had already fired.
 */
public interface AbortSignal {

  /** True once the signal has fired. */
  boolean aborted();

  /** Why the signal fired; empty while it has not. */
  Optional<Throwable> reason();

  /**
   * Runs {@code handler} when the signal fires, or at once if it already has. A handler that
   * throws does not stop the others.
   *
   * @return a handle that unregisters the handler; dispose it when the operation ends, so the
   *     signal does not keep the handler (and what it references) alive
   */
  Disposable onAbort(Runnable handler);

  /**
   * The instant a timer is due to fire this signal: its own when it is a {@link #timeout} signal,
   * else the earliest of the signals it follows (see {@link AbortController#linkedTo}) while it
   * follows them. Empty when no timer bounds it (by default). A provider can leave out work that
   * cannot end in time, such as a request the deadline would abort before its answer; the signal
   * still fires on its own. Read on the wall clock ({@link Instant#now()}); the timer itself counts
   * elapsed time, so a clock step moves the two apart.
   */
  default Optional<Instant> deadline() {
    return Optional.empty();
  }

  /** A signal that never fires. */
  static AbortSignal never() {
    return NeverSignal.INSTANCE;
  }

  /** A signal that has already fired with {@code reason}. */
  static AbortSignal aborted(Throwable reason) {
    AbortController controller = new AbortController();
    controller.abort(reason);
    return controller.signal();
  }

  /**
   * A signal that fires after {@code delay} with a {@link TimeoutException} as its reason, and
   * tells its {@link #deadline()}. The timer runs on one shared daemon thread owned by this API.
   */
  static AbortSignal timeout(Duration delay) {
    Objects.requireNonNull(delay, "delay");
    if (delay.isNegative()) {
      throw new IllegalArgumentException("delay must not be negative: " + delay);
    }
    AbortController controller = new AbortController();
    controller.dueAt(Instant.now().plus(delay));
    AbortTimer.schedule(
        controller,
        delay,
        new TimeoutException("signal timed out after " + delay.toMillis() + " ms"));
    return controller.signal();
  }

  /**
   * A signal that fires when any of {@code signals} fires, with that signal's reason. Fires at once
   * when one of them already has.
   *
   * <p>The combined signal stays registered on its sources until it fires; for a long-lived source
   * use {@link AbortController#linkedTo(AbortSignal...)} and close the controller when done.
   */
  static AbortSignal any(AbortSignal... signals) {
    return AbortController.linkedTo(signals).signal();
  }
}
