package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.WsaFixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reload soak: 16 searchers run against a {@code dsh run}-style host (served, with its file
 * watcher) while the real plugin jar is replaced or deleted and restored every 2 s and its row's
 * config rewritten in the user layer every second.
 *
 * <p>Every search must end in success, {@code WEB_ABORTED}, or {@code
 * WEB_PROVIDER_CONFIGURED_MISSING} / {@code WEB_PROVIDER_UNAVAILABLE} while a reload ran, within
 * {@value #SEARCH_BOUND_SECONDS} s; afterwards the thread count and the heap are back near their
 * start and every retired plugin class loader is collected.
 *
 * <p>It runs {@code -Ddsh.soak.seconds} seconds: 4 in the default build (two jar changes, one
 * deletion), 120 under {@code -Psoak}.
 */
class ReloadSoakTest {

  static final String DURATION_PROPERTY = "dsh.soak.seconds";

  private static final int SEARCHERS = 16;
  private static final long SEARCH_BOUND_SECONDS = 10;
  private static final int FIXTURE_SOURCES = 10;
  private static final int THREAD_TOLERANCE = 3;
  private static final long HEAP_TOLERANCE_BYTES = 24L << 20;
  private static final int[] COUNTS = {10, 20, 30, 40, 50};

  enum Outcome {
    SUCCESS,
    ABORTED,
    CONFIGURED_MISSING,
    UNAVAILABLE,
    OTHER,
    HUNG
  }

  private record Search(long start, long end, Outcome outcome, String detail) {}

  private record Window(long start, long end) {
    boolean overlaps(Search s) {
      return s.start() <= end && start <= s.end();
    }
  }

  private record Footprint(
      int threads, long heapBytes, int liveRetiredLoaders, List<String> threadNames) {}

  /** What the searches came to; computed before the footprint, so no search record is retained. */
  private record Summary(
      int searches, Map<Outcome, Long> counts, List<String> misfits, List<String> outsideGaps) {}

  /** Reloads run by the watcher, timed, and the plugin class loaders they produced. */
  private static final class Reloads {
    final List<Window> windows = new CopyOnWriteArrayList<>();
    final List<WeakReference<ClassLoader>> loaders = new CopyOnWriteArrayList<>();
    final AtomicInteger count = new AtomicInteger();

    void run(Host host) {
      long start = System.nanoTime();
      try {
        host.reload();
      } finally {
        windows.add(new Window(start, System.nanoTime()));
        observe(host);
        count.incrementAndGet();
      }
    }

    void observe(Host host) {
      current(host)
          .filter(loader -> loaders.stream().noneMatch(ref -> ref.get() == loader))
          .ifPresent(loader -> loaders.add(new WeakReference<>(loader)));
    }

    static Optional<ClassLoader> current(Host host) {
      return host.plugins.plugins().stream()
          .filter(p -> p.jar().id().equals(RealPluginJar.PLUGIN_ID))
          .findFirst()
          .map(LoadedPlugin::entry)
          .map(entry -> entry.getClass().getClassLoader());
    }

    /**
     * The reload gaps: from the moment the driver deleted or replaced the jar to the end of the
     * first reload that started after it put the jar back.
     */
    List<Window> gaps(List<Window> disturbances) {
      List<Window> gaps = new ArrayList<>();
      for (Window d : disturbances) {
        long end =
            windows.stream()
                .filter(w -> w.start() >= d.end())
                .findFirst()
                .map(Window::end)
                .orElse(Long.MAX_VALUE); // the last change, whose reload came after the searches
        gaps.add(new Window(d.start(), end));
      }
      return gaps;
    }
  }

  @Test
  void everySearchEndsCleanlyWhileThePluginIsReloadedAndReconfigured(@TempDir Path home)
      throws Exception {
    long seconds = Long.getLong(DURATION_PROPERTY, 4);
    byte[] answer = WsaFixtures.bytes("02-normal-en-10.json");
    try (SearchProStub stub =
        SearchProStub.answering(StubReply.json(answer).afterUpTo(Duration.ofMillis(20)))) {
      Path jar = home.resolve("plugins").resolve(RealPluginJar.PLUGIN_ID + ".jar");
      RealPluginJar.install(home, stub.baseUrl(), "apiKey: sk-soak");
      writeUserLayer(home, stub.baseUrl(), 0);
      List<String> events = new CopyOnWriteArrayList<>();
      HostOptions options =
          new HostOptions(
              new DshHome(home),
              "default",
              Optional.empty(),
              LaunchEnvironment.of(Map.of()),
              events::add);
      Reloads reloads = new Reloads();
      List<String> reloadFailures = new CopyOnWriteArrayList<>();
      Summary summary;
      Footprint before;
      Footprint after;
      try (Host host = Host.start(options, LifecycleListener.none());
          Watcher watcher =
              new Watcher(new HostOptions(new DshHome(home), "default", Optional.empty(), options.env(),
                  reloadFailures::add), () -> reloads.run(host))) {
        reloads.observe(host);
        watcher.start();
        assertThat(searchOnce(host, 0).outcome()).as("first search").isEqualTo(Outcome.SUCCESS);
        before = footprint(reloads, host);

        List<Window> disturbances = new ArrayList<>();
        List<Search> searches = soak(host, home, jar, stub.baseUrl(), seconds, disturbances);
        summary = summarize(searches, reloads.gaps(disturbances));
        searches = null; // not retained while the footprint is taken
        stub.forgetRequests(); // nor the stub's record of the requests

        // One last replacement, then the same state as at the start: a fresh instance, one search.
        int reloaded = reloads.count.get();
        replaceJar(jar);
        awaitSuccessAfterReload(host, reloads, reloaded);
        after = settledFootprint(reloads, host, before);
        assertThat(reloadFailures).as("reloads that threw").isEmpty();
      }

      Map<Outcome, Long> counts = summary.counts();
      System.out.printf(
          "soak: %d s, %d searchers, %d searches, %d reloads, %d stub requests%nsoak outcomes:"
              + " %s%nsoak threads: %d before, %d after; heap used after GC: %.1f MiB before, %.1f"
              + " MiB after; plugin class loaders: %d seen, %d retired still reachable%n",
          seconds,
          SEARCHERS,
          summary.searches(),
          reloads.count.get(),
          stub.requestCount(),
          counts,
          before.threads(),
          after.threads(),
          before.heapBytes() / 1048576.0,
          after.heapBytes() / 1048576.0,
          reloads.loaders.size(),
          after.liveRetiredLoaders());
      if (!shapes(before.threadNames()).equals(shapes(after.threadNames()))) {
        System.out.println(
            "soak threads before: "
                + before.threadNames()
                + "\nsoak threads after: "
                + after.threadNames());
      }
      List<String> problems =
          events.stream()
              .filter(e -> !e.startsWith("loaded plugin") && !e.startsWith("unloaded plugin"))
              .distinct()
              .limit(5)
              .toList();
      if (!problems.isEmpty()) {
        System.out.println("soak host events (first distinct non-load ones): " + problems);
      }

      assertThat(summary.misfits()).as("searches that ended otherwise or hung").isEmpty();
      assertThat(summary.outsideGaps()).as("failures outside every reload gap").isEmpty();
      // A liveness floor only, low enough for a loaded machine: whether searches succeed is
      // asserted above, search by search.
      assertThat(counts.get(Outcome.SUCCESS)).as("successful searches").isGreaterThan(seconds * 2);
      assertThat(reloads.loaders)
          .as("plugin instances loaded")
          .hasSizeGreaterThanOrEqualTo((int) (seconds / 4));
      assertThat(after.liveRetiredLoaders())
          .as("retired plugin class loaders still reachable")
          .isZero();
      assertThat(after.threads())
          .as("threads after the run: %s", after.threadNames())
          .isLessThanOrEqualTo(before.threads() + THREAD_TOLERANCE);
      assertThat(after.heapBytes())
          .as("heap used after the run")
          .isLessThanOrEqualTo(before.heapBytes() + HEAP_TOLERANCE_BYTES);
    }
  }

  /** Thread names with their numbers blanked: a fresh client's selector thread is no change. */
  private static List<String> shapes(List<String> names) {
    return names.stream().map(name -> name.replaceAll("\\d+", "#")).sorted().toList();
  }

  private static Summary summarize(List<Search> searches, List<Window> gaps) {
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome o : Outcome.values()) {
      counts.put(o, searches.stream().filter(s -> s.outcome() == o).count());
    }
    List<String> misfits =
        searches.stream()
            .filter(s -> s.outcome() == Outcome.OTHER || s.outcome() == Outcome.HUNG)
            .map(s -> s.outcome() + ": " + s.detail())
            .distinct()
            .limit(10)
            .toList();
    List<String> outside =
        searches.stream()
            .filter(s -> s.outcome() != Outcome.SUCCESS)
            .filter(s -> gaps.stream().noneMatch(g -> g.overlaps(s)))
            .map(
                s ->
                    s.outcome()
                        + " at "
                        + TimeUnit.NANOSECONDS.toMillis(s.start())
                        + " ms: "
                        + s.detail())
            .limit(10)
            .toList();
    return new Summary(searches.size(), counts, misfits, outside);
  }

  /**
   * Runs the searchers and the driver for {@code seconds}; every search made. Each jar change is
   * added to {@code disturbances}, from its first file operation to its last.
   */
  private static List<Search> soak(
      Host host, Path home, Path jar, String baseUrl, long seconds, List<Window> disturbances)
      throws InterruptedException {
    ConcurrentLinkedQueue<Search> searches = new ConcurrentLinkedQueue<>();
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger queries = new AtomicInteger();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < SEARCHERS; i++) {
      threads.add(
          new Thread(
              () -> {
                while (running.get()) {
                  Search search = searchOnce(host, queries.incrementAndGet());
                  searches.add(search);
                  if (search.outcome() != Outcome.SUCCESS) {
                    pause(); // a client retrying a refused search does not spin
                  }
                }
              },
              "soak-searcher-" + i));
    }
    threads.forEach(Thread::start);
    long start = System.nanoTime();
    long end = start + TimeUnit.SECONDS.toNanos(seconds);
    try {
      for (int tick = 1; System.nanoTime() < end; tick++) {
        long due = start + TimeUnit.SECONDS.toNanos(tick);
        TimeUnit.NANOSECONDS.sleep(Math.max(0, due - System.nanoTime()));
        writeUserLayer(home, baseUrl, tick);
        if (tick % 2 == 0) {
          long changed = System.nanoTime();
          if (tick % 4 == 0) {
            replaceJar(jar);
          } else {
            Files.delete(jar);
            // Longer than the watcher's settle window, so the deletion is seen on its own and
            // not merged with the restore into no change at all.
            TimeUnit.MILLISECONDS.sleep(Watcher.PERIOD_MS * 4);
            replaceJar(jar);
          }
          disturbances.add(new Window(changed, System.nanoTime()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      running.set(false);
      for (Thread t : threads) {
        t.join(TimeUnit.SECONDS.toMillis(SEARCH_BOUND_SECONDS * 2));
      }
    }
    assertThat(threads).as("searchers still running").noneMatch(Thread::isAlive);
    return List.copyOf(searches);
  }

  private static void pause() {
    try {
      TimeUnit.MILLISECONDS.sleep(5);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One search, classified; never waits longer than the bound. */
  private static Search searchOnce(Host host, int n) {
    long start = System.nanoTime();
    Outcome outcome;
    String detail = "";
    CompletableFuture<WebSearchResult> future = null;
    try {
      future =
          host.search(WebSearchRequest.of("soak " + n), AbortSignal.never()).toCompletableFuture();
      WebSearchResult result = future.get(SEARCH_BOUND_SECONDS, TimeUnit.SECONDS);
      boolean whole =
          result.sources().size() == FIXTURE_SOURCES && "yuanbao".equals(result.provider());
      outcome = whole ? Outcome.SUCCESS : Outcome.OTHER;
      detail = whole ? "" : "unexpected result " + result;
    } catch (ExecutionException e) {
      outcome = classify(e.getCause());
      detail = String.valueOf(e.getCause());
    } catch (TimeoutException e) {
      outcome = Outcome.HUNG;
      detail = "no end within " + SEARCH_BOUND_SECONDS + " s";
      future.cancel(true);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      outcome = Outcome.OTHER;
      detail = "interrupted";
    } catch (RuntimeException e) {
      outcome = classify(e);
      detail = String.valueOf(e);
    }
    return new Search(start, System.nanoTime(), outcome, detail);
  }

  private static Outcome classify(Throwable failure) {
    if (!(failure instanceof WebError error)) {
      return Outcome.OTHER;
    }
    return switch (error.code()) {
      case WebErrorCodes.WEB_ABORTED -> Outcome.ABORTED;
      case WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING -> Outcome.CONFIGURED_MISSING;
      case WebErrorCodes.WEB_PROVIDER_UNAVAILABLE -> Outcome.UNAVAILABLE;
      default -> Outcome.OTHER;
    };
  }

  /**
   * The user layer at tick {@code n}: the Yuanbao row's {@code count} cycles through its values,
   * and the web row pins {@code yuanbao} for four ticks out of eight, so a reload gap shows as
   * either missing code.
   */
  private static void writeUserLayer(Path home, String baseUrl, int n) {
    String text =
        "- id: "
            + RealPluginJar.ROW_ID
            + "\n  config: {baseURL: \""
            + baseUrl
            + "\", apiKey: sk-soak, count: "
            + COUNTS[n % COUNTS.length]
            + "}\n- id: web\n  config: "
            + ((n / 4) % 2 == 0 ? "{searchProvider: yuanbao}" : "{}")
            + "\n";
    try {
      Path file = home.resolve("profiles/default/cordis.patch.yml");
      Path temp = Files.createTempFile(file.getParent(), ".patch-", ".tmp");
      Files.writeString(temp, text);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Puts a new build of the real plugin jar in place in one rename: new bytes, since the host
   * reloads a jar only when its bytes change.
   */
  private static void replaceJar(Path jar) {
    try {
      Path temp = Files.createTempFile(jar.getParent(), ".incoming-", ".tmp");
      RealPluginJar.rebuiltTo(temp, "soak build " + System.nanoTime());
      Files.move(temp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void awaitSuccessAfterReload(Host host, Reloads reloads, int reloadedBefore)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (reloads.count.get() > reloadedBefore
          && searchOnce(host, -1).outcome() == Outcome.SUCCESS) {
        return;
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    throw new AssertionError("no successful search within 20 s of the last reload");
  }

  private static Footprint footprint(Reloads reloads, Host host) throws InterruptedException {
    for (int i = 0; i < 3; i++) {
      System.gc();
      TimeUnit.MILLISECONDS.sleep(100);
    }
    ClassLoader current = Reloads.current(host).orElse(null);
    int retired =
        (int)
            reloads.loaders.stream()
                .map(WeakReference::get)
                .filter(l -> l != null && l != current)
                .count();
    List<String> names =
        Thread.getAllStackTraces().keySet().stream().map(Thread::getName).sorted().toList();
    return new Footprint(
        ManagementFactory.getThreadMXBean().getThreadCount(),
        ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
        retired,
        names);
  }

  /** The footprint once back near {@code before}, or as it stands after 20 s of trying. */
  private static Footprint settledFootprint(Reloads reloads, Host host, Footprint before)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    Footprint now = footprint(reloads, host);
    while (System.nanoTime() < deadline
        && (now.liveRetiredLoaders() > 0
            || now.threads() > before.threads() + THREAD_TOLERANCE
            || now.heapBytes() > before.heapBytes() + HEAP_TOLERANCE_BYTES)) {
      TimeUnit.MILLISECONDS.sleep(250);
      now = footprint(reloads, host);
    }
    return now;
  }
}
