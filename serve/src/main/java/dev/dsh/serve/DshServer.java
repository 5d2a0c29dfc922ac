package dev.dsh.serve;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.serve.internal.api.SearchServlet;
import dev.dsh.serve.internal.api.StatusServlet;
import dev.dsh.serve.internal.http.HealthServlet;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.internal.metrics.MetricsServlet;
import dev.dsh.serve.internal.metrics.ServeMetrics;
import java.net.URI;
import java.util.Objects;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A dsh host served over HTTP on embedded Jetty: {@code /healthz} and {@code /readyz} for probes,
 * {@code POST /api/search} and {@code GET /api/status}, {@code /metrics} for Prometheus.
 *
 * <p>The server listens before the host boots, so probes see the boot: start it, boot the host
 * with the options {@link #instrument(HostOptions)} gives, hand it over with {@link #booted(Host)}
 * (or {@link #bootFailed(Throwable)}), and {@link #close()} the server when done.
 * The server never closes the host: its caller does, after the server.
 */
public final class DshServer implements AutoCloseable {

  private final ServeOptions options;
  private final Consumer<String> log;
  private final ServeState state = new ServeState();
  private final ServeMetrics metrics = new ServeMetrics();
  private final Server jetty;
  private final ServerConnector connector;

  private DshServer(ServeOptions options, Consumer<String> log) {
    this.options = options;
    this.log = log;
    this.jetty = new Server();
    this.connector = new ServerConnector(jetty);
    connector.setHost(options.bind());
    connector.setPort(options.port());
    jetty.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.addServlet(new ServletHolder(HealthServlet.liveness(state)), "/healthz");
    context.addServlet(new ServletHolder(HealthServlet.readiness(state)), "/readyz");
    ServletHolder search = new ServletHolder(new SearchServlet(state));
    search.setAsyncSupported(true); // a waiting search holds no container thread
    context.addServlet(search, "/api/search");
    context.addServlet(new ServletHolder(new StatusServlet(state)), "/api/status");
    context.addServlet(new ServletHolder(new MetricsServlet(metrics.registry())), "/metrics");
    jetty.setHandler(context);
  }

  /**
   * Starts listening.
   *
   * @param options where to listen and what to allow
   * @param log where the server's lines go (the access log, unless it has a file of its own)
   * @throws IllegalStateException when the address cannot be bound, naming it
   */
  public static DshServer start(ServeOptions options, Consumer<String> log) {
    DshServer server = new DshServer(Objects.requireNonNull(options), Objects.requireNonNull(log));
    try {
      server.jetty.start();
    } catch (Exception e) {
      server.close();
      throw new IllegalStateException(
          "cannot listen on " + options.bind() + ":" + options.port() + ": " + e.getMessage(), e);
    }
    return server;
  }

  /** The server's base URL, such as {@code http://127.0.0.1:8719}. */
  public URI url() {
    String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
    return URI.create("http://" + host + ":" + connector.getLocalPort());
  }

  /**
   * The options of the host to serve, reporting its searches and reloads to {@code /metrics} (and
   * still to any listener they had): boot the host with these.
   */
  public HostOptions instrument(HostOptions host) {
    return metrics.instrument(Objects.requireNonNull(host));
  }

  /** The host has booted: searches, readiness and metrics use it from now on. */
  public void booted(Host host) {
    metrics.meters().observe(Objects.requireNonNull(host));
    state.host().complete(host);
  }

  /** The host did not boot: readiness says so, searches fail with why. */
  public void bootFailed(Throwable failure) {
    state.host().completeExceptionally(failure);
  }

  /** Stops listening and ends every request; the host is left to its caller. */
  @Override
  public void close() {
    state.startDraining();
    try {
      jetty.stop();
    } catch (Exception e) {
      log.accept("stopping the HTTP server: " + e.getMessage());
    }
    metrics.close();
  }
}
