package dev.dsh.serve.internal.metrics;

import dev.dsh.host.HostOptions;
import dev.dsh.serve.SearchMeters;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The server's meters: a Prometheus registry holding the host's {@link SearchMeters} and
 * Micrometer's JVM and process binders. Made with the server, closed with it.
 */
public final class ServeMetrics implements AutoCloseable {

  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final SearchMeters meters = new SearchMeters(registry);
  private final JvmGcMetrics gc = new JvmGcMetrics();

  public ServeMetrics() {
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
  }

  /** The registry {@code /metrics} scrapes. */
  public PrometheusMeterRegistry registry() {
    return registry;
  }

  /** The host's meters. */
  public SearchMeters meters() {
    return meters;
  }

  /** {@code options} reporting to the meters, and still to the listener they had. */
  public HostOptions instrument(HostOptions options) {
    return options.withActivity(meters.andThen(options.activity()));
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
