package dev.dsh.app.bench;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.env.EnvPlugin;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import dev.dsh.host.internal.web.WebPlugin;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * (c) The web seam's selection overhead: {@code ctx.web.search} (the built-in {@code web} row in
 * a scope runtime, with an in-memory provider registered) beside calling that provider directly.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class SelectionBenchmark {

  /** Answers at once with a fixed result, as a cache or an offline provider would. */
  static final class InMemoryProvider implements WebSearchProvider {
    private final CompletableFuture<WebSearchResult> answer;

    InMemoryProvider(WebSearchResult result) {
      this.answer = CompletableFuture.completedFuture(result);
    }

    @Override
    public String id() {
      return "memory";
    }

    @Override
    public boolean available() {
      return true;
    }

    @Override
    public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
      return answer;
    }
  }

  private ScopeRuntime runtime;
  private WebService web;
  private InMemoryProvider provider;
  private final WebSearchRequest request = new WebSearchRequest("q", 8);

  @Setup
  public void setUp() {
    runtime = new ScopeRuntime(
        new SchemaConfigValidator(), LifecycleListener.none(), Duration.ofSeconds(10));
    runtime.apply("env", new EnvPlugin(LaunchEnvironment.of(Map.of())), Map.of());
    runtime.apply("web", new WebPlugin(ActivityListener.NONE, Optional::empty), Map.of());
    web = runtime.root().web();
    List<WebSearchSource> sources = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      sources.add(new WebSearchSource("https://a.example/" + i, "t" + i, "s" + i, null));
    }
    provider = new InMemoryProvider(WebSearchResult.of(sources));
    web.registerSearchProvider(provider);
    if (throughWeb().sources().size() != 8) {
      throw new IllegalStateException("the in-memory provider was not selected");
    }
  }

  @TearDown
  public void tearDown() {
    runtime.close();
  }

  @Benchmark
  public WebSearchResult throughWeb() {
    return web.search(request, AbortSignal.never()).toCompletableFuture().join();
  }

  @Benchmark
  public WebSearchResult direct() {
    return provider.search(request, AbortSignal.never()).toCompletableFuture().join();
  }
}
