package dev.dsh.serve;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.serve.internal.api.SearchServlet;
import dev.dsh.serve.internal.api.StatusServlet;
import dev.dsh.serve.internal.console.ConsoleApi;
import dev.dsh.serve.internal.http.AccessLog;
import dev.dsh.serve.internal.http.HealthServlet;
import dev.dsh.serve.internal.http.HttpStack;
import dev.dsh.serve.internal.http.JsonErrorHandler;
import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.internal.http.ServeToken;
import dev.dsh.serve.internal.http.Tls;
import dev.dsh.serve.internal.mcp.McpEndpoint;
import dev.dsh.serve.internal.metrics.MetricsServlet;
import dev.dsh.serve.internal.metrics.ServeMetrics;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * A dsh host served over HTTP on embedded Jetty: {@code /healthz} and {@code /readyz} for probes,
 * every other path behind a bearer token: {@code POST /api/search} and {@code GET /api/status},
 * {@code /metrics} for Prometheus, and the console's data ({@code /api/overview}, {@code
 * /api/plugins}, {@code /api/config}, {@code /api/credentials}).
 *
 * <p>The server listens before the host boots, so probes see the boot: start it, boot the host
 * with the options {@link #instrument(HostOptions)} gives, hand it over with {@link #booted(Host)}
 * (or {@link #bootFailed(Throwable)}), and {@link #shutdown()} it when done. The server never
 * closes the host: its caller does, after the server.
 */
public final class DshServer implements AutoCloseable {

  private final ServeOptions options;
  private final ServeState state = new ServeState();
  private final ServeToken token;
  private final HttpStack http;
  private final ServeMetrics metrics = new ServeMetrics();
  private final McpEndpoint mcp;
  private final ConsoleApi console;

  private DshServer(ServeOptions options, HostOptions host, Consumer<String> log) {
    this.options = options;
    DshHome home = host.home();
    LaunchEnvironment env = host.env();
    this.token = ServeToken.resolve(options.tokenFile(), env, home.root(), log);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.setErrorHandler(new JsonErrorHandler());
    context.addServlet(new ServletHolder(HealthServlet.liveness(state)), "/healthz");
    context.addServlet(new ServletHolder(HealthServlet.readiness(state)), "/readyz");
    ServletHolder search = new ServletHolder(new SearchServlet(state));
    search.setAsyncSupported(true); // a waiting search holds no container thread
    context.addServlet(search, "/api/search");
    context.addServlet(new ServletHolder(new StatusServlet(state)), "/api/status");
    context.addServlet(new ServletHolder(new MetricsServlet(metrics.registry())), "/metrics");
    this.http = new HttpStack(options.bind(), options.port(), Limits.DEFAULT,
        options.tlsKeystore().map(keystore -> Tls.from(keystore, env)),
        AccessLog.to(options.accessLog(), log), token, context, log);
    this.mcp = McpEndpoint.mount(context, state, options, this::url);
    this.console = ConsoleApi.mount(context, state, host, metrics.registry());
  }

  /**
   * Starts listening for the host {@code host} describes: without a token file in {@code
   * options}, the token is {@code DSH_SERVE_TOKEN} of its environment if set (the file given wins
   * over it), else {@code <home>/serve-token}, made now if missing; the TLS keystore's password is
   * {@code DSH_SERVE_TLS_PASSWORD} of the same environment.
   *
   * @param options where to listen and what to allow
   * @param host the options the host will boot with (its home and environment are used)
   * @param log where the server's lines go (the access log too, unless it has a file of its own)
   * @throws ServeException when the address cannot be bound, or the token, the keystore or the
   *     access log cannot be used; the message names which and what to do
   */
  public static DshServer start(ServeOptions options, HostOptions host, Consumer<String> log) {
    DshServer server = new DshServer(Objects.requireNonNull(options), host,
        Objects.requireNonNull(log));
    server.http.start();
    return server;
  }

  /** The server's base URL, such as {@code http://127.0.0.1:8719}, with the port listened on. */
  public URI url() {
    String host = options.bind().contains(":") ? "[" + options.bind() + "]" : options.bind();
    return URI.create((http.secure() ? "https" : "http") + "://" + host + ":" + http.port());
  }

  /** Where the token is: its file's path, or {@code DSH_SERVE_TOKEN}. Never the token. */
  public String tokenSource() {
    return token.source();
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

  /**
   * Drains and stops: {@code /readyz} answers {@code 503} at once and new requests are refused
   * with {@code 503}; the requests in flight run on for at most the drain deadline of the
   * options, then their searches are aborted and answered; then the server stops listening. The
   * host is left to its caller. Returns once every request has been answered or its connection
   * closed; a second call returns at once.
   */
  public void shutdown() {
    drain(options.drainDeadline());
  }

  /** {@link #shutdown()} without waiting: the searches in flight are aborted at once. */
  @Override
  public void close() {
    drain(Duration.ZERO);
  }

  private void drain(Duration deadline) {
    state.startDraining();
    http.refuseNew();
    http.drain(deadline, state::abortInFlight);
    mcp.close(); // after the drain: it aborts the calls still open at once
    console.close();
    http.stop();
    metrics.close();
  }
}
