package dev.dsh.api;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * A one-way flag that tells an operation to stop, with the reason why. It fires at most once; its
 * handlers run once, on the aborting thread, or at once on the registering thread when it already
 * fired.
 */
public interface AbortSignal {

  /** True once the signal has fired. */
  boolean aborted();

  /** Why the signal fired; empty while it has not. */
  Optional<Throwable> reason();

  /**
   * Runs {@code handler} when the signal fires, or at once if it has; one that throws does not stop
   * the others. Dispose the handle when the operation ends, so the signal does not keep it alive.
   */
  Disposable onAbort(Runnable handler);

  /**
   * When a timer is due to fire this signal: its own for a {@link #timeout} signal, else the
   * earliest of the signals it {@linkplain AbortController#linkedTo follows}; empty by default. A
   * provider can leave out work that cannot end in time. On the wall clock ({@link Instant#now()});
   * the timer counts elapsed time, so a clock step moves the two apart.
   */
  default Optional<Instant> deadline() {
    return Optional.empty();
  }

  /** A signal that never fires. */
  static AbortSignal never() {
    return AbortController.NEVER;
  }

  /**
   * A signal that fires after {@code delay} with a {@link TimeoutException}, and tells its {@link
   * #deadline()}. The timer runs on one shared daemon thread of this API.
   */
  static AbortSignal timeout(Duration delay) {
    if (Objects.requireNonNull(delay, "delay").isNegative()) {
      throw new IllegalArgumentException("delay must not be negative: " + delay);
    }
    return AbortController.firedAfter(
        delay, new TimeoutException("signal timed out after " + delay.toMillis() + " ms")).signal();
  }
}
