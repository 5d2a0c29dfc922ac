package dev.dsh.host.internal.plugins;

import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.env.EnvPlugin;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import dev.dsh.host.internal.web.WebPlugin;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * (d) Plugin load + apply until it serves, and unload, for the real Yuanbao jar beside an empty
 * plugin jar (an entry whose {@code apply} does nothing, built with the same PF4J processor).
 *
 * <p>"Serves" is: the {@code yuanbao} provider is listed as available by {@code ctx.web} for the
 * real jar; the scope is {@code ACTIVE} for the empty one. Unload is: the row's scope disposed
 * (the provider withdrawn, its HTTP client closed) and the plugin stopped and unloaded in PF4J.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class PluginLifecycleBenchmark {

  /** The runtime with {@code env} and {@code web}, the plugin loader and both jars. */
  @State(org.openjdk.jmh.annotations.Scope.Benchmark)
  public static class Host {
    @Param({"yuanbao", "empty"})
    public String jar;

    Path work;
    Path jarFile;
    String pluginId;
    ScopeRuntime runtime;
    PluginLoader loader;
    WebService web;
    final Map<String, Object> config =
        Map.of("baseURL", "http://127.0.0.1:9", "apiKey", "bench-key");

    @Setup
    public void setUp() throws IOException {
      work = Files.createTempDirectory("dsh-bench-lifecycle-");
      Path home = Files.createDirectories(work.resolve("home"));
      if (jar.equals("yuanbao")) {
        pluginId = "dsh-web-search-yuanbao";
        jarFile = Files.copy(pluginJar(), work.resolve("yuanbao.jar"));
      } else {
        pluginId = "dsh-empty";
        jarFile = TestPluginJars.plugin(work, pluginId, "empty").buildTo(work.resolve("empty.jar"));
      }
      loader = new PluginLoader(home);
      runtime = new ScopeRuntime(
          new SchemaConfigValidator(), LifecycleListener.none(), Duration.ofSeconds(10));
      runtime.apply("env", new EnvPlugin(LaunchEnvironment.of(Map.of())), Map.of());
      runtime.apply("web", new WebPlugin(ActivityListener.NONE, Optional::empty), Map.of());
      web = runtime.root().web();
    }

    /** Loads and applies the jar, and waits until it serves. */
    Scope loadAndApply() {
      LoadedPlugin plugin = loader.load(jarFile);
      Scope scope =
          runtime.apply("row", plugin.entry(), jar.equals("yuanbao") ? config : Map.of());
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!serving(scope)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("plugin not serving after 10 s: " + scope.state());
        }
        Thread.onSpinWait();
      }
      return scope;
    }

    private boolean serving(Scope scope) {
      if (jar.equals("empty")) {
        return scope.state() == ScopeState.ACTIVE;
      }
      for (ProviderStatus status : web.providers()) {
        if (status.id().equals("yuanbao") && status.available()) {
          return true;
        }
      }
      return false;
    }

    void unload(Scope scope) {
      scope.dispose();
      if (!loader.unload(pluginId)) {
        throw new IllegalStateException("plugin was not loaded");
      }
    }

    @TearDown
    public void tearDown() throws IOException {
      runtime.close();
      loader.unload(pluginId);
      try (Stream<Path> files = Files.walk(work)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }

    private static Path pluginJar() {
      Path jar =
          Path.of(
              System.getProperty(
                  "dsh.bench.pluginJar", "target/dist/bundled-plugins/dsh-web-search-yuanbao.jar"));
      if (!Files.isRegularFile(jar)) {
        throw new IllegalStateException("plugin jar missing: " + jar);
      }
      return jar;
    }
  }

  /** For timing load + apply: whatever the invocation loaded is unloaded after it, untimed. */
  @State(org.openjdk.jmh.annotations.Scope.Thread)
  public static class ToUnloadAfter {
    Scope scope;

    @TearDown(Level.Invocation)
    public void unload(Host host) {
      host.unload(scope);
      scope = null;
    }
  }

  /** For timing unload: each invocation finds the plugin loaded and serving, untimed. */
  @State(org.openjdk.jmh.annotations.Scope.Thread)
  public static class Loaded {
    Scope scope;

    @Setup(Level.Invocation)
    public void load(Host host) {
      scope = host.loadAndApply();
    }
  }

  @Benchmark
  public Scope loadAndApply(Host host, ToUnloadAfter after) {
    after.scope = host.loadAndApply();
    return after.scope;
  }

  @Benchmark
  public Loaded unload(Host host, Loaded loaded) {
    host.unload(loaded.scope);
    return loaded;
  }
}
