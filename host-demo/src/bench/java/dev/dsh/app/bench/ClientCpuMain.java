package dev.dsh.app.bench;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebSearchRequest;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * (f) Client CPU per search at c=8: 8 threads search back to back, through {@code ctx.web} and
 * with the bare POST, in interleaved rounds; CPU is the process's CPU time minus the stub's
 * threads' ({@code bench-stub}, {@code HTTP-Dispatcher}), divided by the searches completed. Run
 * in a JVM started with {@code -XX:ActiveProcessorCount=1}; prints one line per round and the
 * medians.
 *
 * <p>Arguments: rounds, warm-up seconds, measured seconds (default 3, 5, 10).
 */
public final class ClientCpuMain {

  private static final int SEARCHERS = 8;

  private ClientCpuMain() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 10;
    System.out.println("CPUs: " + Runtime.getRuntime().availableProcessors());
    try (StubServer stub = StubServer.answering(StubServer.benchBody());
        BenchHost host = BenchHost.start(stub.baseUrl())) {
      WebSearchRequest request = new WebSearchRequest(SearchBenchmark.QUERY, 50);
      HttpClient bare = SearchBenchmark.bareClient();
      HttpRequest bareRequest =
          HttpRequest.newBuilder(URI.create(stub.baseUrl() + "/SearchPro"))
              .header("Authorization", "Bearer bench-key")
              .header("Content-Type", "application/json; charset=utf-8")
              .header("Accept", "application/json")
              .POST(
                  HttpRequest.BodyPublishers.ofString(
                      "{\"Query\":\"" + SearchBenchmark.QUERY + "\",\"Cnt\":50}",
                      StandardCharsets.UTF_8))
              .build();
      Callable<Object> provider =
          () -> host.host.search(request, AbortSignal.never()).toCompletableFuture().join();
      Callable<Object> bareSend =
          () -> bare.send(bareRequest, HttpResponse.BodyHandlers.ofByteArray()).body();
      List<Double> ratios = new ArrayList<>();
      List<Double> providerUs = new ArrayList<>();
      List<Double> bareUs = new ArrayList<>();
      for (int round = 1; round <= rounds; round++) {
        run(provider, warmup);
        double p = run(provider, seconds);
        run(bareSend, warmup);
        double b = run(bareSend, seconds);
        providerUs.add(p);
        bareUs.add(b);
        ratios.add(p / b);
        System.out.printf(
            "round %d: provider %.1f µs CPU/search, bare POST %.1f µs, ratio %.2f%n",
            round, p, b, p / b);
      }
      System.out.printf(
          "median: provider %.1f µs, bare POST %.1f µs, ratio %.2f%n",
          median(providerUs), median(bareUs), median(ratios));
    }
  }

  /** Client CPU microseconds per completed call over {@code seconds} of 8 callers. */
  private static double run(Callable<Object> call, int seconds) throws Exception {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong done = new AtomicLong();
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < SEARCHERS; i++) {
      Thread t =
          new Thread(
              () -> {
                while (!stop.get()) {
                  try {
                    call.call();
                    done.incrementAndGet();
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                }
              },
              "bench-caller-" + i);
      callers.add(t);
    }
    Map<Long, Long> stubBefore = stubCpu(threads);
    long cpuBefore = os.getProcessCpuTime();
    long doneBefore = done.get();
    callers.forEach(Thread::start);
    Thread.sleep(seconds * 1000L);
    long count = done.get() - doneBefore;
    long cpu = os.getProcessCpuTime() - cpuBefore;
    Map<Long, Long> stubAfter = stubCpu(threads);
    stop.set(true);
    for (Thread t : callers) {
      t.join();
    }
    long stub = 0;
    for (Map.Entry<Long, Long> e : stubAfter.entrySet()) {
      stub += e.getValue() - stubBefore.getOrDefault(e.getKey(), 0L);
    }
    return (cpu - stub) / 1000.0 / count;
  }

  private static Map<Long, Long> stubCpu(ThreadMXBean threads) {
    Map<Long, Long> cpu = new HashMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("bench-stub") || t.getName().startsWith("HTTP-Dispatcher")) {
        cpu.put(t.getId(), threads.getThreadCpuTime(t.getId()));
      }
    }
    return cpu;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(Double::compare);
    return sorted.get(sorted.size() / 2);
  }
}
