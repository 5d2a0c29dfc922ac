package dev.dsh.app.bench;

import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * {@code callers} closed loops, each starting its next call when the last one ends, for a fixed
 * time: no thread per caller. Latencies are kept for the calls that started inside the window.
 */
final class CallerLoop {

  private CallerLoop() {}

  /** One run's figures. */
  record Run(long calls, double seconds, long failures, long[] latenciesMicros) {

    double perSecond() {
      return calls / seconds;
    }

    double percentileMillis(int p) {
      long[] sorted = latenciesMicros.clone();
      Arrays.sort(sorted);
      if (sorted.length == 0) {
        return Double.NaN;
      }
      return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)]
          / 1000.0;
    }

    String describe() {
      return String.format("%d calls in %.1f s: %.1f/s, p50 %.1f ms, p99 %.1f ms, %d failed",
          calls, seconds, perSecond(), percentileMillis(50), percentileMillis(99), failures);
    }
  }

  /**
   * Runs for {@code seconds}: caller {@code c}'s call is {@code call.apply(c)}; a call counts as
   * failed when it completes exceptionally or its value fails {@code ok}.
   */
  static <T> Run run(int callers, double seconds, IntFunction<CompletableFuture<T>> call,
      Predicate<T> ok) throws InterruptedException {
    long end = System.nanoTime() + (long) (seconds * 1e9);
    long[][] latencies = new long[callers][];
    int[] counts = new int[callers];
    AtomicInteger failures = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(callers);
    long start = System.nanoTime();
    for (int c = 0; c < callers; c++) {
      latencies[c] = new long[1024];
      next(c, end, call, ok, latencies, counts, failures, done);
    }
    if (!done.await((long) seconds + 120, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the callers did not end within 2 minutes of the window");
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    int total = Arrays.stream(counts).sum();
    long[] all = new long[total];
    int at = 0;
    for (int c = 0; c < callers; c++) {
      System.arraycopy(latencies[c], 0, all, at, counts[c]);
      at += counts[c];
    }
    return new Run(total, elapsed, failures.get(), all);
  }

  private static <T> void next(int c, long end, IntFunction<CompletableFuture<T>> call,
      Predicate<T> ok, long[][] latencies, int[] counts, AtomicInteger failures,
      CountDownLatch done) {
    long start = System.nanoTime();
    if (start >= end) {
      done.countDown();
      return;
    }
    call.apply(c).whenComplete((value, error) -> {
      if (error != null || !ok.test(value)) {
        failures.incrementAndGet();
      }
      // One caller's calls run one after another: its slot of the arrays has one writer.
      if (counts[c] == latencies[c].length) {
        latencies[c] = Arrays.copyOf(latencies[c], counts[c] * 2);
      }
      latencies[c][counts[c]++] = (System.nanoTime() - start) / 1000;
      next(c, end, call, ok, latencies, counts, failures, done);
    });
  }
}
