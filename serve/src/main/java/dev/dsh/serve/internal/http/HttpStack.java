package dev.dsh.serve.internal.http;

import dev.dsh.serve.ServeException;
import java.net.BindException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The Jetty server in front of the endpoints: a bounded pool of {@code dsh-http-…} threads, one
 * connector (HTTPS when TLS is given) with headers capped and idle connections closed, the access
 * log, JSON errors, and the handlers every request passes in order: the {@link DrainGate}, the
 * {@link LoadShedding} limit, {@code signIn} (the console's sessions), the {@link BearerAuth}
 * check, and the body cap ({@link BodyCap}), then {@code app}.
 */
public final class HttpStack {

  /**
   * How long requests aborted at the drain deadline have to be answered: an aborted search
   * answers at once, so this bounds only a request that ignores its abort.
   */
  static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

  private final Server jetty;
  private final ServerConnector connector;
  private final DrainGate gate = new DrainGate();
  private final String address;
  private final boolean secure;
  private final Consumer<String> log;

  /** Laid out, not yet listening: {@link #start()} binds. */
  public HttpStack(String bind, int port, Limits limits, Optional<SslContextFactory.Server> tls,
      RequestLog requestLog, ServeToken token, Handler.Wrapper signIn, Handler app,
      Consumer<String> log) {
    this.log = log;
    this.secure = tls.isPresent();
    this.address = bind + ":" + port;
    QueuedThreadPool threads = new QueuedThreadPool(limits.maxThreads(), 4);
    threads.setName("dsh-http");
    jetty = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setRequestHeaderSize(Limits.HEADER_CAP);
    http.setSendServerVersion(false);
    HttpConnectionFactory plain = new HttpConnectionFactory(http);
    if (tls.isPresent()) {
      // The certificate is the operator's: a client reaching the server by another name (an IP
      // address, a proxy's) is theirs to allow, so Jetty's SNI host check stays off.
      SecureRequestCustomizer customizer = new SecureRequestCustomizer();
      customizer.setSniHostCheck(false);
      http.addCustomizer(customizer);
      connector = new ServerConnector(jetty,
          new SslConnectionFactory(tls.get(), HttpVersion.HTTP_1_1.asString()), plain);
    } else {
      connector = new ServerConnector(jetty, plain);
    }
    connector.setHost(bind);
    connector.setPort(port);
    connector.setIdleTimeout(limits.idleTimeout().toMillis());
    jetty.addConnector(connector);
    jetty.setRequestLog(requestLog);
    jetty.setErrorHandler(new JsonErrorHandler());
    // Jetty's last graceful step, after the drain below has already waited.
    jetty.setStopTimeout(1_000);
    LoadShedding shedding = new LoadShedding(limits);
    BearerAuth auth = new BearerAuth(token);
    BodyCap bodyCap = new BodyCap();
    gate.setHandler(shedding);
    shedding.setHandler(signIn);
    signIn.setHandler(auth);
    auth.setHandler(bodyCap);
    bodyCap.setHandler(app);
    jetty.setHandler(gate);
  }

  /**
   * Starts listening.
   *
   * @throws ServeException when the address cannot be bound or the server does not start
   */
  public void start() {
    try {
      jetty.start();
    } catch (Exception e) {
      stop();
      throw new ServeException(causedBy(e, BindException.class)
          ? "cannot listen on " + address + ": the address is in use or not one of this machine's:"
              + " stop what listens there, or choose another port or bind address"
          : "the HTTP server did not start on " + address + ": " + e.getMessage(), e);
    }
  }

  /** The port listened on (the one picked when 0 was asked). */
  public int port() {
    return connector.getLocalPort();
  }

  /** Whether the connector speaks HTTPS. */
  public boolean secure() {
    return secure;
  }

  /** From now on, new requests are refused with {@code 503}; those in flight run on. */
  public void refuseNew() {
    gate.shutdown();
  }

  /**
   * Refuses new requests, lets those in flight run for at most {@code deadline}, then calls
   * {@code abort} and gives them {@link #ANSWER_GRACE} to answer; {@link #stop()} stops.
   */
  public void drain(Duration deadline, Runnable abort) {
    try {
      if (!gate.drain(deadline)) {
        log.accept(gate.getCurrentRequestCount() + " request(s) still running at the drain"
            + " deadline: aborting them");
        abort.run();
        if (!gate.drain(ANSWER_GRACE)) {
          log.accept(gate.getCurrentRequestCount() + " request(s) not answered after their"
              + " abort: closing their connections");
        }
      }
    } catch (InterruptedException e) {
      abort.run();
      Thread.currentThread().interrupt();
    }
  }

  /** Stops listening and closes every connection left. */
  public void stop() {
    try {
      jetty.stop();
    } catch (Exception e) {
      log.accept("stopping the HTTP server: " + e.getMessage());
    }
  }

  private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
