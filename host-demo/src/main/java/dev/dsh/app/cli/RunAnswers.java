package dev.dsh.app.cli;

import dev.dsh.host.json.ControlEscapes;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * {@code dsh run}'s standard output, owned by one thread: answers {@link #inOrder} print in that
 * order, each once ready; one {@link #atOnce} overtakes those awaited. Called by the input thread.
 */
final class RunAnswers implements AutoCloseable {

  private final PrintStream out;
  private final ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, task -> {
    Thread printer = new Thread(task, "dsh-run-output");
    printer.setDaemon(true);
    return printer;
  });
  private CompletableFuture<Void> printed = CompletableFuture.completedFuture(null);

  RunAnswers(PrintStream out) {
    this.out = out;
    // Started now, from host code: a thread started later would inherit whatever code is on the
    // stack then, possibly a plugin's (see DESIGN on class loader pins).
    thread.prestartAllCoreThreads();
  }

  void inOrder(CompletableFuture<String> answer) {
    printed = printed.thenCombineAsync(answer, (done, text) -> print(text), thread);
  }

  void inOrder(String answer) {
    inOrder(CompletableFuture.completedFuture(answer));
  }

  void atOnce(String answer) {
    thread.execute(() -> print(answer));
  }

  boolean awaitPrinted(Duration bound) {
    return printed.handle((done, failure) -> true)
        .completeOnTimeout(false, bound.toMillis(), TimeUnit.MILLISECONDS).join();
  }

  @Override
  public void close() {
    thread.shutdown();
    try {
      thread.awaitTermination(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    thread.shutdownNow();
  }

  private Void print(String text) {
    // Escaped whatever made the answer: one echoing input can carry any character.
    out.print(ControlEscapes.escape(text, "\n") + "\n");
    out.flush();
    return null;
  }
}
