package dev.dsh.api;

import java.util.Optional;

/** The signal that never fires. */
enum NeverSignal implements AbortSignal {
  INSTANCE;

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

  @Override
  public String toString() {
    return "AbortSignal[never]";
  }
}
