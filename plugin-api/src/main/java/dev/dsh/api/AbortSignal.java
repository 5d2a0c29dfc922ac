package dev.dsh.api;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/** A one-way flag that tells an operation to stop, with the reason why; it fires at most once. */
public interface AbortSignal {

  /** True once the signal has fired. */
  boolean aborted();

  /** Why the signal fired; empty while it has not. */
  Optional<Throwable> reason();

  /**
   * Runs {@code handler} on the aborting thread when the signal fires, or at once if it has; one
   * that throws does not stop the others. Dispose the handle when the operation ends.
   */
  Disposable onAbort(Runnable handler);

  /** When a timer is due to fire this signal (its own, else its parents' earliest), if known. */
  default Optional<Instant> deadline() {
    return Optional.empty();
  }

  /** A signal that never fires. */
  static AbortSignal never() {
    return AbortController.NEVER;
  }

  /** A signal that fires after {@code delay} with a {@link TimeoutException}. */
  static AbortSignal timeout(Duration delay) {
    if (Objects.requireNonNull(delay, "delay").isNegative()) {
      throw new IllegalArgumentException("delay must not be negative: " + delay);
    }
    return AbortController.firedAfter(
        delay, new TimeoutException("signal timed out after " + delay.toMillis() + " ms")).signal();
  }
}
