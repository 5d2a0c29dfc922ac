package dev.dsh.serve;

import dev.dsh.api.ScopeState;
import dev.dsh.host.Host;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.SearchRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import org.jspecify.annotations.Nullable;

/**
 * A host's searches, scopes and reloads as Micrometer meters (docs/serve.md lists them): the host's
 * activity listener, then {@link #observe} the host. Label values are bounded; never a query.
 */
public final class SearchMeters implements ActivityListener {

  private static final Duration[] BUCKETS = LongStream.of(50, 100, 250, 500, 1_000, 2_500, 5_000,
      10_000, 30_000, 60_000, 300_000, 900_000, 3_600_000).mapToObj(Duration::ofMillis)
      .toArray(Duration[]::new);
  // A provider or a plugin could make up any code or id: such a label is folded into "other".
  private static final Pattern CODE = Pattern.compile("[A-Z][A-Z0-9_]{0,63}");
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private final MeterRegistry registry;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final MultiGauge queueDepth;
  private volatile @Nullable Host host;

  /** Meters registered in {@code registry}. */
  public SearchMeters(MeterRegistry registry) {
    this.registry = Objects.requireNonNull(registry, "registry");
    Gauge.builder("dsh.searches.in.flight", inFlight, AtomicInteger::get)
        .description("Searches running now").register(registry);
    this.queueDepth = MultiGauge.builder("dsh.search.queue.depth")
        .description("Searches waiting for a slot of their provider").register(registry);
  }

  /** Measures {@code host}'s scopes and its providers' queue depths. */
  public void observe(Host host) {
    this.host = Objects.requireNonNull(host, "host");
    for (ScopeState state : ScopeState.values()) {
      Gauge.builder("dsh.scopes", host, h -> h.scopes().stream()
              .filter(scope -> scope.state() == state).count())
          .description("Scopes of the host by state")
          .tag("state", state.name().toLowerCase(Locale.ROOT)).register(registry);
    }
    readProviders();
  }

  @Override
  public void searchStarted(String query) {
    inFlight.incrementAndGet();
  }

  @Override
  public void searchEnded(SearchRecord search) {
    inFlight.decrementAndGet();
    String provider = search.provider().map(id -> label(ID, id)).orElse("none");
    String outcome = search.outcome().label();
    Counter.builder("dsh.searches").description("Searches ended")
        .tags("provider", provider, "outcome", outcome,
            "code", search.code().map(code -> label(CODE, code)).orElse("none"))
        .register(registry).increment();
    Timer.builder("dsh.search.duration").description("How long searches took")
        .tags("provider", provider, "outcome", outcome)
        .serviceLevelObjectives(BUCKETS).maximumExpectedValue(BUCKETS[BUCKETS.length - 1])
        .register(registry).record(search.duration());
  }

  @Override
  public void reloaded(List<String> problems) {
    Counter.builder("dsh.reloads").description("Reloads of the plugins and the profile")
        .tag("result", problems.isEmpty() ? "ok" : "problems").register(registry).increment();
    readProviders();
  }

  private void readProviders() {
    Host observed = host;
    if (observed == null) {
      return; // the boot's reload: observe() reads them once the host is known
    }
    queueDepth.register(observed.queueDepths().keySet().stream()
        .map(id -> MultiGauge.Row.of(Tags.of("provider", label(ID, id)), observed,
            h -> h.queueDepths().getOrDefault(id, 0)))
        .toList(), true);
  }

  private static String label(Pattern allowed, String value) {
    return allowed.matcher(value).matches() ? value : "other";
  }
}
