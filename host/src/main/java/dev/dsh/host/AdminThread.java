package dev.dsh.host;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The host's one admin thread: boot, reload and close run on it one at a time, in the order asked,
 * so the plugin sync and the row bookkeeping need no lock. It is not the runtime thread on purpose:
 * a jar load may wait up to 10 s for the file to settle and PF4J starts plugin code, and neither
 * may hold up scope transitions. A caller waits uninterruptibly, as it would for a lock; once the
 * host is closed, an operation runs on the caller's thread (and finds everything closed).
 */
final class AdminThread implements AutoCloseable {

  private static final ClassLoader HOST = AdminThread.class.getClassLoader();

  private final ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
    Thread made = new Thread(task, "dsh-admin");
    made.setDaemon(true);
    made.setContextClassLoader(HOST);
    thread = made;
    return made;
  });
  private volatile @Nullable Thread thread;
  private volatile boolean closed;

  /** Runs {@code op} on the admin thread and returns its result or throws what it threw. */
  <T> T call(Supplier<T> op) {
    if (closed || Thread.currentThread() == thread) {
      return op.get();
    }
    try {
      return CompletableFuture.supplyAsync(() -> {
        try {
          return op.get();
        } finally {
          Thread.currentThread().setContextClassLoader(HOST); // PF4J or a plugin may have set it
        }
      }, executor).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw (RuntimeException) e.getCause();
    }
  }

  /** Runs {@code op} on the admin thread, then stops the thread. */
  void closeWith(Runnable op) {
    call(() -> {
      op.run();
      return null;
    });
    close();
  }

  @Override
  public void close() {
    closed = true;
    executor.shutdown();
    try {
      executor.awaitTermination(1, TimeUnit.MINUTES); // the last task has run: the thread ends
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
