package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.tool.ToolResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cycles of load, apply, one search, one config update and unload of the real plugin jar in one
 * running host leave every plugin class loader collectable and no thread of the plugin alive.
 * Every cycle's loader is checked, so a leak shows in the default build's 20 cycles; {@code
 * -Ddsh.leak.cycles=200} (set by {@code -Psoak}) runs more.
 */
class PluginLeakTest {

  private static final int CYCLES = Integer.getInteger("dsh.leak.cycles", 20);
  private static final Duration FINAL_WAIT = Duration.ofSeconds(15);
  private static final String ROW_SCOPE = "root/" + RealPluginJar.ROW_ID;

  @TempDir Path work;

  private final List<WeakReference<ClassLoader>> loaders = new ArrayList<>();
  private final Map<LifecycleEvent.Kind, AtomicInteger> rowEvents = new ConcurrentHashMap<>();
  private final List<String> problems = new ArrayList<>();
  /** Nanoseconds spent in each phase of a cycle, summed: load, search, update, unload. */
  private final long[] phases = new long[4];

  @Test
  void loadSearchUpdateUnloadCyclesLeaveNoClassLoaderAndNoThreadOfThePlugin() throws Exception {
    Set<Thread> threadsBefore = Thread.getAllStackTraces().keySet();
    Path home = Files.createDirectories(work.resolve("home"));
    Path jar = home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar");
    Files.createDirectories(jar.getParent());
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [" + RealPluginJar.PLUGIN_ID + "]\n");

    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("leak"));
        Host host = Host.serveWithoutWatching(options(home), this::record)) {
      long metaspaceBefore = metaspaceUsed();
      long started = System.nanoTime();
      runCycle(host, jar, profile, stub.baseUrl(), 1);
      // After the first cycle, once its loader is gone, the host's own lazily loaded classes
      // (PF4J, the JDK HTTP client, the schema tools) are in and no plugin class is: growth from
      // here on is what the other cycles leave behind.
      awaitCollected(Duration.ofSeconds(10));
      long metaspaceWarm = metaspaceUsed();
      int classesWarm = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
      for (int cycle = 2; cycle <= CYCLES; cycle++) {
        runCycle(host, jar, profile, stub.baseUrl(), cycle);
      }
      long cyclesMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

      long waitStarted = System.nanoTime();
      List<String> survivors = List.of();
      long deadline = waitStarted + FINAL_WAIT.toNanos();
      while (System.nanoTime() < deadline) {
        System.gc();
        survivors = pluginThreads(threadsBefore);
        if (liveLoaders() == 0 && survivors.isEmpty()) {
          break;
        }
        Thread.sleep(100);
      }
      long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - waitStarted);
      long metaspaceAfter = metaspaceUsed();
      int classesAfter = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
      System.out.printf(
          "leak test: %d cycles in %d ms (%.1f ms each: load+apply %.1f, search %.1f, update %.1f,"
              + " unload %.1f); all collected %d ms later%n"
              + "leak test: metaspace used %d KiB at start, %d KiB after the first cycle, %d KiB"
              + " after %d cycles and collection (%+d KiB since the first cycle); loaded classes"
              + " %d after the first cycle, %d at the end%n",
          CYCLES, cyclesMs, (double) cyclesMs / CYCLES,
          phases[0] / 1e6 / CYCLES, phases[1] / 1e6 / CYCLES, phases[2] / 1e6 / CYCLES,
          phases[3] / 1e6 / CYCLES, waitedMs,
          metaspaceBefore / 1024, metaspaceWarm / 1024, metaspaceAfter / 1024, CYCLES,
          (metaspaceAfter - metaspaceWarm) / 1024, classesWarm, classesAfter);

      assertThat(loaders).hasSize(CYCLES);
      assertThat(liveLoaders()).as("plugin class loaders still reachable").isZero();
      assertThat(survivors).as("threads of the plugin still alive").isEmpty();
      assertThat(rowEvents.get(LifecycleEvent.Kind.APPLIED)).hasValue(CYCLES);
      assertThat(rowEvents.get(LifecycleEvent.Kind.UPDATED)).hasValue(CYCLES);
      assertThat(rowEvents.get(LifecycleEvent.Kind.DISPOSED)).hasValue(CYCLES);
      assertThat(host.plugins.plugins()).isEmpty();
    }
  }

  /** One cycle; everything it touches of the plugin is local, so nothing outlives it here. */
  private void runCycle(Host host, Path jar, Path profile, String baseUrl, int cycle)
      throws Exception {
    writePatch(profile, baseUrl, 10);
    Files.copy(RealPluginJar.path(), jar, StandardCopyOption.REPLACE_EXISTING);
    // An old timestamp: the loader takes a settled file at once instead of waiting for it.
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(3600)));
    long t0 = System.nanoTime();
    assertThat(host.reload()).as("load and apply, cycle " + cycle).isEmpty();
    long t1 = System.nanoTime();
    LoadedPlugin plugin = host.plugins.plugins().get(0);
    loaders.add(new WeakReference<>(plugin.entry().getClass().getClassLoader()));

    // Odd cycles search as dsh search does, even ones through the web_search tool (its own
    // timeout signal and fan-out): both paths run host code on the plugin's threads.
    if (cycle % 2 == 1) {
      WebSearchResult result =
          host.search(
                  new WebSearchRequest("cycle " + cycle, null),
                  AbortSignal.timeout(Duration.ofSeconds(30)))
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
      assertThat(result.sources()).hasSize(1);
    } else {
      ToolResult result =
          host.webSearchTool()
              .orElseThrow()
              .call("{\"queries\": [\"cycle " + cycle + "\"]}", AbortSignal.never())
              .toCompletableFuture()
              .get(10, TimeUnit.SECONDS);
      assertThat(result.text()).contains("(https://example.com/leak)");
    }
    long t2 = System.nanoTime();

    writePatch(profile, baseUrl, 20);
    assertThat(host.reload()).as("update, cycle " + cycle).isEmpty();
    long t3 = System.nanoTime();

    Files.delete(jar);
    host.reload(); // the listed bundle is now missing: reported, and the plugin unloaded
    long t4 = System.nanoTime();
    phases[0] += t1 - t0;
    phases[1] += t2 - t1;
    phases[2] += t3 - t2;
    phases[3] += t4 - t3;
    assertThat(host.plugins.plugins()).as("unloaded, cycle " + cycle).isEmpty();
  }

  private static void writePatch(Path profile, String baseUrl, int count) throws IOException {
    Files.writeString(
        profile.resolve("cordis.patch.yml"),
        "- id: " + RealPluginJar.ROW_ID + "\n  config: {baseURL: \"" + baseUrl + "\", count: "
            + count + "}\n");
  }

  private HostOptions options(Path home) {
    return new HostOptions(
        new DshHome(home),
        "default",
        Optional.empty(),
        LaunchEnvironment.of(Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-leak-test")),
        line -> {
          synchronized (problems) {
            problems.add(line);
          }
        });
  }

  private void record(LifecycleEvent event) {
    if (event.scopeId().equals(ROW_SCOPE)) {
      rowEvents.computeIfAbsent(event.kind(), k -> new AtomicInteger()).incrementAndGet();
    }
  }

  private void awaitCollected(Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (liveLoaders() > 0 && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(100);
    }
    assertThat(liveLoaders()).as("the first cycle's class loader").isZero();
  }

  private long liveLoaders() {
    return loaders.stream().filter(ref -> ref.get() != null).count();
  }

  /**
   * Threads started since the test began that belong to the plugin: its HTTP threads, the JDK
   * client's selector threads, or any thread whose context class loader is a plugin's.
   */
  private static List<String> pluginThreads(Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> !before.contains(thread) && thread.isAlive())
        .filter(
            thread ->
                thread.getName().startsWith("dsh-yuanbao-")
                    || thread.getName().startsWith("HttpClient-")
                    || (thread.getContextClassLoader() != null
                        && thread.getContextClassLoader().getClass().getName().startsWith("org.pf4j.")))
        .map(Thread::getName)
        .sorted()
        .collect(Collectors.toList());
  }

  private static long metaspaceUsed() {
    System.gc();
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> pool.getName().equals("Metaspace"))
        .mapToLong(pool -> pool.getUsage().getUsed())
        .findFirst()
        .orElse(-1);
  }
}
