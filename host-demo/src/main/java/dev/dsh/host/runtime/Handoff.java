package dev.dsh.host.runtime;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** One piece of work handed to the runtime thread, and the asker's wait for its outcome. */
final class Handoff {

  final Supplier<?> work;
  private final CompletableFuture<@Nullable Object> done = new CompletableFuture<>();
  /** What to answer if the work is abandoned half way (the first scope it created). */
  @Nullable Object partial;

  Handoff(Supplier<?> work) {
    this.work = work;
  }

  void complete(@Nullable Object result, @Nullable Throwable failure) {
    if (failure == null) {
      done.complete(result);
    } else {
      done.completeExceptionally(failure);
    }
  }

  /**
   * Waits for the outcome and returns or throws it. An interrupt does not end the wait (the work is
   * queued and will run): the flag is set again when it returns.
   */
  @SuppressWarnings("unchecked")
  <T> T await() {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          return (T) done.get();
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          if (e.getCause() instanceof RuntimeException r) {
            throw r;
          }
          throw (Error) e.getCause();
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
