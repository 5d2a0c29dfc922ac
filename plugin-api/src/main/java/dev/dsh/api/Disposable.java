package dev.dsh.api;

/** A release action: undoes one registration or frees one resource. */
@FunctionalInterface
public interface Disposable {

  /** Releases what this handle stands for. Calling it again is a no-op. */
  void dispose();

  /** A handle that releases nothing. */
  static Disposable noop() {
    return () -> {};
  }
}
