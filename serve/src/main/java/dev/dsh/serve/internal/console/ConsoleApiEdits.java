package dev.dsh.serve.internal.console;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * The one thread that makes the console's edits of the home (plugins, profile files,
 * credentials): each edit reads, changes and replaces a file, so two at once could undo one
 * another ({@code ProfileEdits}). A request waits for its edit; the thread ends with the server.
 */
final class ConsoleApiEdits implements AutoCloseable {

  private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
    Thread edits = new Thread(task, "dsh-console-edits");
    edits.setDaemon(true);
    return edits;
  });

  /**
   * Runs {@code edit} on the edits thread and returns its value.
   *
   * @throws RuntimeException the edit's own, as it threw it
   */
  <T> T run(Supplier<T> edit) {
    Future<T> done = thread.submit(edit::get);
    try {
      return done.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      done.cancel(true);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for an edit", e);
    }
  }

  /** Ends the thread once the edit it runs (if any) is done. */
  @Override
  public void close() {
    thread.shutdown();
  }
}
