package dev.dsh.examples;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.serve.SearchMeters;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.PrintStream;
import java.nio.file.Path;

/** dsh's search and lifecycle meters in a MeterRegistry of your own. */
public final class MetricsExample {

  public static void main(String[] args) {
    run(Path.of(args[0]), new SimpleMeterRegistry(), System.out);
  }

  public static void run(Path home, MeterRegistry registry, PrintStream out) {
    // your own registry: Prometheus, OTLP, Simple...
    SearchMeters meters = new SearchMeters(registry);
    HostOptions options = HostOptions.of(home, "default").withActivity(meters);
    try (Host host = Host.serve(options, LifecycleListener.none())) {
      meters.observe(host); // adds dsh_scopes and dsh_search_queue_depth
      // every search from now on counts in dsh_searches_total and dsh_search_duration_seconds
      double active = registry.get("dsh.scopes").tag("state", "active").gauge().value();
      double reloads = registry.get("dsh.reloads").tag("result", "ok").counter().count();
      out.println("active scopes: " + (int) active + ", reloads: " + (int) reloads);
    }
  }
}
