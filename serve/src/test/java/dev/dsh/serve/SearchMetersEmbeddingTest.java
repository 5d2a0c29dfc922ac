package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.serve.testing.ServedHost;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.RequiredSearch;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An embedder binds the host's listener to a MeterRegistry of their own (docs/embedding.md). */
class SearchMetersEmbeddingTest {

  private static final long HANG_BOUND_MILLIS = 20_000;

  @TempDir Path home;

  @Test
  void theListenerFillsTheEmbeddersOwnRegistry() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      RealPluginJar.install(home, stub.baseUrl(), "");
      HostOptions options = new HostOptions(new DshHome(home), "default", Optional.empty(),
          LaunchEnvironment.of(Map.of("TENCENTCLOUD_WSA_APIKEY", ServedHost.KEY)), line -> {});

      // The snippet of docs/embedding.md:
      MeterRegistry registry = new SimpleMeterRegistry();
      SearchMeters meters = new SearchMeters(registry);
      try (Host host = Host.serve(options.withActivity(meters), LifecycleListener.none())) {
        meters.observe(host);

        host.search(WebSearchRequest.of("q"), AbortSignal.never()).toCompletableFuture()
            .get(HANG_BOUND_MILLIS, TimeUnit.MILLISECONDS);

        RequiredSearch ok = registry.get("dsh.searches")
            .tags("provider", "yuanbao", "outcome", "ok", "code", "none");
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANG_BOUND_MILLIS);
        // The listener hears of the end right after the caller does; the timer is registered
        // before it records, so its count is what tells the end was heard.
        while (registry.find("dsh.search.duration").timers().stream().mapToLong(t -> t.count())
            .sum() == 0 && System.nanoTime() < end) {
          Thread.sleep(10);
        }
        assertThat(ok.counter().count()).isEqualTo(1.0);
        assertThat(registry.get("dsh.search.duration").tags("provider", "yuanbao").timer()
            .count()).isEqualTo(1);
        assertThat(registry.get("dsh.searches.in.flight").gauge().value()).isZero();
        assertThat(registry.get("dsh.search.queue.depth").tag("provider", "yuanbao").gauge()
            .value()).isZero();
        assertThat(registry.get("dsh.scopes").tag("state", "active").gauge().value()).isPositive();
        assertThat(registry.get("dsh.reloads").tag("result", "ok").counter().count())
            .isEqualTo(1.0);
      }
    }
  }
}
