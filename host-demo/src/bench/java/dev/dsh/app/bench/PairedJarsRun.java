package dev.dsh.app.bench;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebSearchRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Two plugin jars side by side in one client JVM (BENCHMARKS.md (f)): a host for each, both warmed
 * in turns, then pairs of short windows, the order alternating, each pair giving B's CPU per search
 * over A's. A change too small for {@link ClientCpuRun}'s rounds on a busy machine can still show
 * in the median of many pairs, since both jars meet the same load within a pair.
 *
 * <p>Arguments: stub base URL, jar A, jar B, searchers, pairs, window milliseconds.
 */
public final class PairedJarsRun {

  private PairedJarsRun() {}

  public static void main(String[] args) throws Exception {
    String baseUrl = args[0];
    int searchers = Integer.parseInt(args[3]);
    int pairs = Integer.parseInt(args[4]);
    long window = Long.parseLong(args[5]);
    WebSearchRequest request = new WebSearchRequest(SearchBenchmark.QUERY, 50);
    System.setProperty("dsh.bench.pluginJar", args[1]);
    try (BenchHost a = BenchHost.start(baseUrl)) {
      System.setProperty("dsh.bench.pluginJar", args[2]);
      try (BenchHost b = BenchHost.start(baseUrl)) {
        Callable<Object> searchA =
            () -> a.host.search(request, AbortSignal.never()).toCompletableFuture().join();
        Callable<Object> searchB =
            () -> b.host.search(request, AbortSignal.never()).toCompletableFuture().join();
        for (int i = 0; i < 30; i++) {
          ClientCpuRun.cpuPerCall(searchA, searchers, 1_000);
          ClientCpuRun.cpuPerCall(searchB, searchers, 1_000);
        }
        List<Double> microsA = new ArrayList<>();
        List<Double> microsB = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int p = 0; p < pairs; p++) {
          boolean aFirst = p % 2 == 0;
          double first = ClientCpuRun.cpuPerCall(aFirst ? searchA : searchB, searchers, window);
          double second = ClientCpuRun.cpuPerCall(aFirst ? searchB : searchA, searchers, window);
          microsA.add(aFirst ? first : second);
          microsB.add(aFirst ? second : first);
          ratios.add(microsB.get(p) / microsA.get(p));
        }
        System.out.printf(
            "c=%d, %d pairs: A %.1f µs, B %.1f µs CPU/search (medians); B/A median %.3f,"
                + " quartiles %.3f-%.3f%n",
            searchers, pairs, ClientCpuRun.median(microsA), ClientCpuRun.median(microsB),
            ClientCpuRun.median(ratios), ClientCpuRun.quantile(ratios, 0.25),
            ClientCpuRun.quantile(ratios, 0.75));
      }
    }
  }
}
