package dev.dsh.host.fakes;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** A caller's signal that counts the handlers still registered on it, to prove links are closed. */
public final class CountingSignal implements AbortSignal {

  private final AbortController controller = new AbortController();
  private final AtomicInteger live = new AtomicInteger();

  /** Fires the signal. */
  public void abort() {
    controller.abort();
  }

  /** Handlers registered and not yet disposed (or run). */
  public int liveHandlers() {
    return live.get();
  }

  @Override
  public boolean aborted() {
    return controller.signal().aborted();
  }

  @Override
  public Optional<Throwable> reason() {
    return controller.signal().reason();
  }

  @Override
  public Disposable onAbort(Runnable handler) {
    AtomicBoolean released = new AtomicBoolean();
    live.incrementAndGet();
    Disposable registration =
        controller
            .signal()
            .onAbort(
                () -> {
                  if (released.compareAndSet(false, true)) {
                    live.decrementAndGet();
                  }
                  handler.run();
                });
    return () -> {
      if (released.compareAndSet(false, true)) {
        live.decrementAndGet();
      }
      registration.dispose();
    };
  }
}
