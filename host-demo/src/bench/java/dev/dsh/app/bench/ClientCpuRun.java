package dev.dsh.app.bench;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebSearchRequest;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client JVM of (f) (BENCHMARKS.md), started by {@link ClientCpuMain} pinned to its CPUs: N
 * searchers call back to back, in interleaved rounds of the peer ({@link PlainSearchClient}), the
 * provider through {@code ctx.web}, and the bare POST that only reads the bytes; CPU is this
 * process's CPU time (the stub runs in a process of its own) over the calls completed. Prints a
 * line per round with its ratios, then the medians.
 *
 * <p>Arguments: stub base URL, searchers, rounds, warm-up seconds, measured seconds, and
 * optionally {@code peer}, {@code ours} or {@code bare} to run only that client (for a profiler
 * attached to this JVM).
 */
public final class ClientCpuRun {

  private ClientCpuRun() {}

  public static void main(String[] args) throws Exception {
    String baseUrl = args[0];
    int searchers = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    int warmup = Integer.parseInt(args[3]);
    int seconds = Integer.parseInt(args[4]);
    try (BenchHost host = BenchHost.start(baseUrl)) {
      WebSearchRequest request = new WebSearchRequest(SearchBenchmark.QUERY, 50);
      PlainSearchClient plain = new PlainSearchClient(baseUrl, "bench-key");
      HttpClient bare = SearchBenchmark.bareClient();
      HttpRequest bareRequest = HttpRequest.newBuilder(URI.create(baseUrl + "/SearchPro"))
          .header("Authorization", "Bearer bench-key")
          .header("Content-Type", "application/json; charset=utf-8")
          .POST(HttpRequest.BodyPublishers.ofString(
              "{\"Query\":\"" + SearchBenchmark.QUERY + "\",\"Cnt\":50}", StandardCharsets.UTF_8))
          .build();
      List<Callable<Object>> clients = List.of(
          () -> plain.search(SearchBenchmark.QUERY, 50),
          () -> host.host.search(request, AbortSignal.never()).toCompletableFuture().join(),
          () -> bare.send(bareRequest, HttpResponse.BodyHandlers.ofByteArray()).body());
      List<String> names = List.of("peer", "ours", "bare");
      if (args.length > 5) {
        Callable<Object> only = clients.get(names.indexOf(args[5]));
        for (int round = 1; round <= rounds; round++) {
          warm(only, searchers, warmup, round == 1);
          System.out.printf("c=%d round %d: %s %.1f µs CPU/search%n", searchers, round, args[5],
              cpuPerCall(only, searchers, seconds * 1000L));
        }
        return;
      }
      List<Double> peerRatios = new ArrayList<>();
      List<Double> oursRatios = new ArrayList<>();
      for (int round = 1; round <= rounds; round++) {
        double[] micros = new double[clients.size()];
        for (int c = 0; c < clients.size(); c++) {
          warm(clients.get(c), searchers, warmup, round == 1);
          micros[c] = cpuPerCall(clients.get(c), searchers, seconds * 1000L);
        }
        peerRatios.add(micros[0] / micros[2]);
        oursRatios.add(micros[1] / micros[2]);
        System.out.printf("c=%d round %d: peer %.1f µs CPU/search (%.2fx), ours %.1f µs (%.2fx),"
            + " bare POST %.1f µs%n", searchers, round, micros[0], micros[0] / micros[2],
            micros[1], micros[1] / micros[2], micros[2]);
      }
      System.out.printf("c=%d median over %d rounds: peer %.2fx, ours %.2fx the bare POST%n",
          searchers, rounds, median(peerRatios), median(oursRatios));
    }
  }

  /**
   * Runs {@code call} for {@code seconds}; the first time, then on until the JIT settles: until a
   * 2 s stretch spends under 1 % of it compiling, or a minute has gone (10 s were not enough for
   * C2 to settle beside 8 searchers on one CPU, BENCHMARKS.md (f)).
   */
  private static void warm(Callable<Object> call, int searchers, int seconds, boolean first)
      throws Exception {
    cpuPerCall(call, searchers, seconds * 1000L);
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    for (int s = seconds; first && s < 60; s += 2) {
      long before = jit.getTotalCompilationTime();
      cpuPerCall(call, searchers, 2_000);
      if (jit.getTotalCompilationTime() - before < 20) {
        return;
      }
    }
  }

  /** Client CPU microseconds per completed call over {@code millis} of {@code searchers}. */
  static double cpuPerCall(Callable<Object> call, int searchers, long millis) throws Exception {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong done = new AtomicLong();
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < searchers; i++) {
      callers.add(new Thread(() -> {
        while (!stop.get()) {
          try {
            call.call();
            done.incrementAndGet();
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        }
      }, "bench-caller-" + i));
    }
    callers.forEach(Thread::start);
    long cpuBefore = os.getProcessCpuTime();
    long doneBefore = done.get();
    Thread.sleep(millis);
    long count = done.get() - doneBefore;
    long cpu = os.getProcessCpuTime() - cpuBefore;
    stop.set(true);
    for (Thread t : callers) {
      t.join();
    }
    return cpu / 1000.0 / count;
  }

  static double median(List<Double> values) {
    return quantile(values, 0.5);
  }

  /** The value at fraction {@code q} of {@code values} sorted (the upper one of a middle pair). */
  static double quantile(List<Double> values, double q) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get((int) (sorted.size() * q));
  }
}
