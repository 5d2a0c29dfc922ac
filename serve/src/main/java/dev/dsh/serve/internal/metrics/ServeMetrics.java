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
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The server's meters: a Prometheus registry holding the host's {@link SearchMeters} and
 * Micrometer's JVM and process binders, served at {@code /metrics}. Closed with the server.
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

  /** The registry. */
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

  /** {@code GET /metrics}: the registry in Prometheus's text format (version 0.0.4). */
  public HttpServlet servlet() {
    return new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        response.setStatus(200);
        response.setContentType("text/plain; version=0.0.4; charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        registry.scrape(response.getOutputStream());
      }
    };
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
