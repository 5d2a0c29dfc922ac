package dev.dsh.app.bench;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.Host;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Many searches at once through an embedded host (BENCHMARKS.md, (g)): the Yuanbao row capped at
 * 64 concurrent searches, a stub in its own process holding every answer 200 ms and serving the
 * 50-page body. Part 1: 4,000 searches from 64 asynchronous callers (each starts its next search
 * when the last one ends, so the harness adds no thread per caller). Part 2: 1,000 callers against
 * the cap of 64, then every search aborted at once. Prints the figures and the targets missed (a
 * benchmark, not a test: it never fails the build).
 */
public final class ScaleHarness {

  private static final int CAP = 64;
  private static final long HOLD_MILLIS = 200;
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private ScaleHarness() {}

  public static void main(String[] args) throws Exception {
    int searches = Integer.getInteger("dsh.scale.searches", 4_000);
    List<String> missed = new ArrayList<>();
    try (DelayStubMain.Process stub = new DelayStubMain.Process(HOLD_MILLIS);
        BenchHost bench = BenchHost.start(stub.baseUrl(), "maxConcurrentSearches: " + CAP)) {
      Host host = bench.host;
      // Warm-up: connections open and the code compiled (C2 is still busy after the first few
      // hundred searches, and its CPU would be counted against the run).
      callers(host, CAP, Integer.getInteger("dsh.scale.warmup", 4_000));
      Footprint idle = Footprint.settled();

      Run run = callers(host, CAP, searches);
      double throughput = searches / run.seconds();
      long p50 = run.percentile(50);
      long p99 = run.percentile(99);
      System.out.printf(
          "scale: %d searches from %d callers, cap %d, stub hold %d ms: %.0f searches/s"
              + " (target >= %.0f), p50 %d ms, p99 %d ms (target <= 260), %d failed%n",
          searches, CAP, CAP, HOLD_MILLIS, throughput, 0.9 * CAP * 1000.0 / HOLD_MILLIS, p50, p99,
          run.failures());
      System.out.printf(
          "scale: threads started during the run %d (target <= 40), heap after GC mid-run minus"
              + " idle %.1f MiB (target <= 32), client CPU per search %.0f us%n",
          run.threadsStarted(), (run.midRunHeap() - idle.heap()) / 1048576.0,
          run.cpuNanos() / 1000.0 / searches);
      check(missed, throughput >= 0.9 * CAP * 1000.0 / HOLD_MILLIS, "throughput");
      check(missed, p99 <= 260, "p99");
      check(missed, run.threadsStarted() <= 40, "threads");
      check(missed, run.midRunHeap() - idle.heap() <= 32L << 20, "heap");
      check(missed, run.failures() == 0, "failures");

      abortAll(host, stub, 1_000, idle, missed);
    }
    System.out.println(missed.isEmpty() ? "scale: every target met" : "scale: missed " + missed);
  }

  /** {@code callers} chains of searches, {@code total} searches in all. */
  private static Run callers(Host host, int callers, int total) throws InterruptedException {
    long[] latencies = new long[total];
    AtomicInteger next = new AtomicInteger();
    AtomicInteger failures = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(total);
    long threads = THREADS.getTotalStartedThreadCount();
    long cpu = Footprint.cpuNanos();
    long start = System.nanoTime();
    long midRunHeap;
    // The heap after each collection the run itself causes: forcing one mid-run would stop every
    // search in flight for tens of milliseconds and show up in the latencies.
    try (HeapAfterGc heap = HeapAfterGc.watch()) {
      for (int c = 0; c < callers; c++) {
        chain(host, next, total, latencies, failures, done);
      }
      if (!done.await(5, TimeUnit.MINUTES)) {
        throw new IllegalStateException("searches did not end within 5 minutes");
      }
      midRunHeap = heap.max();
    }
    return new Run(
        latencies,
        (System.nanoTime() - start) / 1e9,
        failures.get(),
        THREADS.getTotalStartedThreadCount() - threads,
        Footprint.cpuNanos() - cpu,
        midRunHeap);
  }

  private static void chain(
      Host host,
      AtomicInteger next,
      int total,
      long[] latencies,
      AtomicInteger failures,
      CountDownLatch done) {
    int n = next.getAndIncrement();
    if (n >= total) {
      return;
    }
    long start = System.nanoTime();
    host.search(new WebSearchRequest("q" + n, null), AbortSignal.never())
        .whenComplete(
            (result, error) -> {
              latencies[n] = (System.nanoTime() - start) / 1_000_000;
              if (error != null || result.sources().isEmpty()) {
                failures.incrementAndGet();
              }
              done.countDown();
              chain(host, next, total, latencies, failures, done);
            });
  }

  /** Part 2: more callers than the cap, then one abort for all of them. */
  private static void abortAll(
      Host host, DelayStubMain.Process stub, int callers, Footprint idle, List<String> missed)
      throws Exception {
    int before = stub.stats()[0];
    AbortController controller = new AbortController();
    List<CompletableFuture<String>> outcomes = new ArrayList<>();
    for (int i = 0; i < callers; i++) {
      outcomes.add(
          host.search(new WebSearchRequest("held " + i, null), controller.signal())
              .toCompletableFuture()
              .handle((result, error) -> error == null ? "OK" : code(error)));
    }
    // Wait until the cap's worth of requests has reached the stub (well inside its 200 ms hold).
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (stub.stats()[0] - before < CAP && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    long abortedAt = System.nanoTime();
    controller.abort();
    CompletableFuture.allOf(outcomes.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
    double endedMillis = (System.nanoTime() - abortedAt) / 1e6;
    Map<String, Long> ends =
        outcomes.stream()
            .collect(Collectors.groupingBy(CompletableFuture::join, TreeMap::new, Collectors.counting()));
    long aborted = ends.getOrDefault(WebErrorCodes.WEB_ABORTED, 0L);
    Thread.sleep(2 * HOLD_MILLIS); // let any request a queued search sent reach the stub
    int sent = stub.stats()[0] - before;
    Footprint after = Footprint.settled();
    System.out.printf(
        "scale: %d callers against a cap of %d, all aborted at once: %d of %d ended WEB_ABORTED"
            + " within %.0f ms (target 1000); the stub saw %d requests (the %d running; target:"
            + " none from the queued); threads %d idle, %d after %s; outcomes %s%n",
        callers, CAP, aborted, callers, endedMillis, sent, CAP, idle.threads(), after.threads(),
        after.newSince(idle), ends);
    check(missed, aborted == callers, "aborted");
    check(missed, endedMillis <= 1000, "abort time");
    check(missed, sent <= CAP, "queued searches sent nothing");
    check(missed, after.threads() <= idle.threads(), "threads back to idle");
  }

  private static String code(Throwable error) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    return cause instanceof WebError web ? web.code() : cause.getClass().getSimpleName();
  }

  private static void check(List<String> missed, boolean met, String target) {
    if (!met) {
      missed.add(target);
    }
  }

  /** One part's figures. */
  private record Run(
      long[] latencies,
      double seconds,
      int failures,
      long threadsStarted,
      long cpuNanos,
      long midRunHeap) {

    long percentile(int p) {
      long[] sorted = latencies.clone();
      Arrays.sort(sorted);
      return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }
  }

  /** Heap after GC and live threads, once the host has settled. */
  private record Footprint(long heap, Set<String> threadNames) {

    static Footprint settled() throws InterruptedException {
      Thread.sleep(1_000);
      Set<String> names = new TreeSet<>();
      Thread.getAllStackTraces().keySet().forEach(t -> names.add(t.getName() + "#" + t.getId()));
      return new Footprint(heapAfterGc(), names);
    }

    int threads() {
      return threadNames.size();
    }

    /** The threads alive now that were not at {@code before}. */
    Set<String> newSince(Footprint before) {
      Set<String> extra = new TreeSet<>(threadNames);
      extra.removeAll(before.threadNames);
      return extra;
    }

    static long heapAfterGc() {
      System.gc();
      System.gc();
      return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static long cpuNanos() {
      return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
          .getProcessCpuTime();
    }
  }
}
