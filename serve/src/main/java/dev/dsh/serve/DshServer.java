package dev.dsh.serve;

import dev.dsh.host.Host;
import dev.dsh.serve.internal.http.HealthServlet;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.internal.mcp.McpEndpoint;
import java.net.URI;
import java.util.Objects;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * A dsh host served over HTTP on embedded Jetty: {@code /healthz} and {@code /readyz} for probes.
 *
 * <p>The server listens before the host boots, so probes see the boot: start it, boot the host
 * with {@link #booted(Host)} (or {@link #bootFailed(Throwable)}), and {@link #close()} it when done.
 * The server never closes the host: its caller does, after the server.
 */
public final class DshServer implements AutoCloseable {

  private final ServeOptions options;
  private final Consumer<String> log;
  private final ServeState state = new ServeState();
  private final Server jetty;
  private final ServerConnector connector;
  private final McpEndpoint mcp;

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
    this.mcp = McpEndpoint.mount(context, state, options, this::url);
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

  /** The host has booted: searches and readiness use it from now on. */
  public void booted(Host host) {
    state.host().complete(Objects.requireNonNull(host));
  }

  /** The host did not boot: readiness says so, searches fail with why. */
  public void bootFailed(Throwable failure) {
    state.host().completeExceptionally(failure);
  }

  /** Stops listening and ends every request; the host is left to its caller. */
  @Override
  public void close() {
    state.startDraining();
    mcp.close();
    try {
      jetty.stop();
    } catch (Exception e) {
      log.accept("stopping the HTTP server: " + e.getMessage());
    }
  }
}
