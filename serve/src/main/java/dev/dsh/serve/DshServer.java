package dev.dsh.serve;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.serve.internal.api.ApiServlet;
import dev.dsh.serve.internal.console.Console;
import dev.dsh.serve.internal.console.ConsoleApi;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.HttpStack;
import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.internal.http.ServeToken;
import dev.dsh.serve.internal.mcp.McpEndpoint;
import io.micrometer.core.instrument.binder.MeterBinder;
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
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.RequestLogWriter;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * A dsh host served over HTTP on Jetty: probes; behind a bearer token {@code /mcp}, {@code /api/*},
 * {@code /metrics} and the console. It listens before the host boots, so probes see the boot:
 * start, boot the host with {@link #instrument} and {@link #lifecycle}, then {@link #booted} (or
 * {@link #bootFailed}), later {@link #shutdown()}; the caller closes the host after the server.
 */
public final class DshServer implements AutoCloseable {

  private static final String TLS_PASSWORD = "DSH_SERVE_TLS_PASSWORD";

  private final ServeOptions options;
  private final ServeState state = new ServeState();
  private final ServeToken token;
  private final HttpStack http;
  private final PrometheusMeterRegistry registry =
      new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final SearchMeters meters = new SearchMeters(registry);
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final McpEndpoint mcp;
  private final Console console;
  private final ConsoleApi consoleApi;

  private DshServer(ServeOptions options, HostOptions host, Consumer<String> log) {
    this.options = options;
    this.token = ServeToken.resolve(options.tokenFile(), host.env(), host.home().root(), log);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.setErrorHandler(new ApiReplies());
    ServletHolder api = new ServletHolder(new ApiServlet(state, token));
    api.setAsyncSupported(true); // a waiting search holds no container thread
    for (String path : List.of("/healthz", "/readyz", "/api/search", "/api/status")) {
      context.addServlet(api, path);
    }
    for (MeterBinder binder : List.of(new JvmMemoryMetrics(), gc, new JvmThreadMetrics(),
        new ClassLoaderMetrics(), new ProcessorMetrics(), new UptimeMetrics())) {
      binder.bindTo(registry);
    }
    context.addServlet(new ServletHolder(new HttpServlet() {
      @Override // the registry in Prometheus's text format (version 0.0.4)
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        ApiReplies.send(response, 200, "text/plain; version=0.0.4; charset=utf-8",
            registry.scrape());
      }
    }), "/metrics");
    Optional<SslContextFactory.Server> tls =
        options.tlsKeystore().map(keystore -> tls(keystore, host.env()));
    RequestLog access = accessLog(options.accessLog(), log);
    this.console = new Console(context, token, Clock.systemUTC()); // last: it starts a thread
    this.http = new HttpStack(options.bind(), options.port(), options.trustedProxies(),
        Limits.DEFAULT, tls, access, token, console, context, log);
    this.mcp = new McpEndpoint(context, state, options);
    this.consoleApi = new ConsoleApi(context, state, host, registry);
  }

  /**
   * Starts listening with {@code host}'s home and environment, logging to {@code log}.
   *
   * @throws ServeException when the address, token, keystore or access log cannot be used
   */
  public static DshServer start(ServeOptions options, HostOptions host, Consumer<String> log) {
    DshServer server = new DshServer(Objects.requireNonNull(options), host,
        Objects.requireNonNull(log));
    try {
      server.http.start();
    } catch (RuntimeException e) {
      server.closeParts();
      throw e;
    }
    return server;
  }

  /** The base URL, with the port listened on. */
  public URI url() {
    return http.url();
  }

  /** Where the token is: its file's path, or {@code DSH_SERVE_TOKEN}. Never the token. */
  public String tokenSource() {
    return token.source();
  }

  /** {@code host} reporting its searches and reloads to the metrics and the console too. */
  public HostOptions instrument(HostOptions host) {
    return host.withActivity(console.activity().andThen(meters).andThen(host.activity()));
  }

  /** The life-cycle listener to boot the host with: the console's events, then {@code next}. */
  public LifecycleListener lifecycle(LifecycleListener next) {
    return console.lifecycle(Objects.requireNonNull(next));
  }

  /** The host has booted: searches, readiness and metrics use it now. */
  public void booted(Host host) {
    meters.observe(Objects.requireNonNull(host));
    state.host().complete(host);
  }

  /** The host did not boot: readiness and searches say why. */
  public void bootFailed(Throwable failure) {
    state.host().completeExceptionally(failure);
  }

  /** Drains and stops: new requests get 503; those in flight are aborted at the drain deadline. */
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
    closeParts(); // after the drain: the MCP calls still open abort at once
    http.stop();
    gc.close();
    registry.close();
  }

  private void closeParts() {
    console.close();
    mcp.close();
    consoleApi.close();
  }

  /** The access log, to {@code file} else {@code log}: no headers, queries or bodies (secrets). */
  private static RequestLog accessLog(Optional<Path> file, Consumer<String> log) {
    if (file.isEmpty()) {
      return new CustomRequestLog(log::accept, HttpStack.ACCESS_LINE);
    }
    try { // opened once here, so a file that cannot be written is a clear start-up error
      Files.newOutputStream(file.get(), StandardOpenOption.CREATE, StandardOpenOption.APPEND)
          .close();
    } catch (IOException e) {
      throw new ServeException("cannot append to the access log " + file.get() + ": "
          + e.getMessage() + ": give a file this user can write", e);
    }
    RequestLogWriter writer = new RequestLogWriter(file.get().toString());
    writer.setAppend(true);
    return new CustomRequestLog(writer,
        "%{yyyy-MM-dd'T'HH:mm:ss.SSSXXX}t %{client}a %m %U %s %{ms}Tms");
  }

  /** The PKCS#12 keystore, loaded before Jetty starts: a bad one is one line, not a trace. */
  private static SslContextFactory.Server tls(Path keystore, LaunchEnvironment env) {
    String password = env.get(TLS_PASSWORD).orElse("");
    KeyStore store;
    try (InputStream in = Files.newInputStream(keystore)) {
      store = KeyStore.getInstance("PKCS12");
      store.load(in, password.toCharArray());
      boolean key = false;
      for (String alias : Collections.list(store.aliases())) {
        key |= store.isKeyEntry(alias);
      }
      if (!key) {
        throw new ServeException("the TLS keystore " + keystore + " holds no private key: make"
            + " one with 'keytool -genkeypair -storetype PKCS12' or 'openssl pkcs12 -export'");
      }
    } catch (IOException | GeneralSecurityException e) {
      boolean wrongPassword = e.getCause() instanceof UnrecoverableKeyException;
      throw new ServeException("the TLS keystore " + keystore + (wrongPassword
          ? " cannot be opened with its password: set " + TLS_PASSWORD + " to it"
          : " is not a readable PKCS#12 keystore (" + TLS_PASSWORD + " holds its password)"), e);
    }
    SslContextFactory.Server tls = new SslContextFactory.Server();
    tls.setKeyStore(store);
    tls.setKeyStorePassword(password);
    return tls;
  }
}
