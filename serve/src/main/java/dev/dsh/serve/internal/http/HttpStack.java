package dev.dsh.serve.internal.http;

import dev.dsh.serve.ServeException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.ForwardedRequestCustomizer;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.ConditionalHandler;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.InetAddressSet;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Jetty: method check, drain gate, {@code signIn}, bearer check, connection deadline, the two load
 * budgets (after the credential check: a client without one never waits in the token holder's),
 * body cap, {@code app}.
 */
public final class HttpStack {

  public static final String ACCESS_LINE = "http %{client}a %m %U %s %{ms}Tms";

  /** Keep the console's pages out of frames and off other origins' scripts, on every response. */
  static final List<HttpField> SECURITY_HEADERS = List.of(
      new PreEncodedHttpField("Content-Security-Policy",
          "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
      new PreEncodedHttpField("X-Frame-Options", "DENY"),
      new PreEncodedHttpField("X-Content-Type-Options", "nosniff"),
      new PreEncodedHttpField("Referrer-Policy", "no-referrer"));

  /** How long requests aborted at the drain deadline have to answer: bounds only one ignoring it. */
  static final Duration ANSWER_GRACE = Duration.ofSeconds(5);

  private final Server jetty;
  private final ServerConnector connector;
  private final DrainGate gate = new DrainGate();
  private final boolean secure;
  private final Consumer<String> log;

  public HttpStack(String bind, int port, List<String> trustedProxies, Limits limits,
      Optional<SslContextFactory.Server> tls, RequestLog requestLog, ServeToken token,
      Handler.Wrapper signIn, Handler app, Consumer<String> log) {
    this.log = log;
    this.secure = tls.isPresent();
    QueuedThreadPool threads = new QueuedThreadPool(limits.maxThreads(), 4);
    threads.setName("dsh-http");
    jetty = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setRequestHeaderSize(Limits.HEADER_CAP);
    http.setSendServerVersion(false);
    if (!trustedProxies.isEmpty()) { // first: every later step sees the client's address
      http.addCustomizer(forwardedBy(trustedProxies));
    }
    http.addCustomizer((request, headers) -> {
      SECURITY_HEADERS.forEach(headers::put);
      return request;
    });
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
    ConnectionDeadline deadline =
        new ConnectionDeadline(connector.getScheduler(), limits.anonymousDeadline());
    connector.addBean(deadline, false); // a listener here; the server runs it as a handler
    http.addCustomizer(deadline);
    jetty.addConnector(connector);
    jetty.addBean(new NetworkConnectionLimit(limits.maxConnections(), connector));
    jetty.setRequestLog(requestLog);
    jetty.setErrorHandler(new ApiReplies());
    // No graceful step of its own: the drain gate has waited for the requests in flight, and
    // Jetty would wait its whole timeout for an idle keep-alive connection.
    jetty.setStopTimeout(0);
    // No path serves another method, and TRACE would echo Authorization and Cookie back; a
    // servlet answers 405 itself for one of these five it does not serve.
    ConditionalHandler.Reject methods = new ConditionalHandler.Reject(405);
    methods.excludeMethod("GET", "HEAD", "POST", "PUT", "DELETE");
    BearerAuth auth = new BearerAuth(token);
    LoadShedding credentialed = new LoadShedding(limits, true);
    LoadShedding anonymous = new LoadShedding(limits, false);
    // A plugin jar's upload skips the body cap: it streams to a file under Limits.UPLOAD_CAP.
    ConditionalHandler.SkipNext upload = new ConditionalHandler.SkipNext();
    upload.includeMethod("POST");
    upload.includePath("/api/plugins");
    SizeLimitHandler bodyCap = new SizeLimitHandler(Limits.BODY_CAP, -1);
    methods.setHandler(gate);
    gate.setHandler(signIn);
    signIn.setHandler(auth);
    auth.setHandler(deadline);
    deadline.setHandler(credentialed);
    credentialed.setHandler(anonymous);
    anonymous.setHandler(upload);
    upload.setHandler(bodyCap);
    bodyCap.setHandler(app);
    jetty.setHandler(methods);
  }

  /**
   * The client's address and scheme from a trusted proxy's {@code X-Forwarded-For}, {@code
   * X-Forwarded-Proto} or {@code Forwarded} (Jetty's reading), and only from those: from anyone
   * else they are ignored, so a client cannot pose as another address to the sign-in limiter.
   */
  private static HttpConfiguration.Customizer forwardedBy(List<String> cidrs) {
    InetAddressSet proxies = new InetAddressSet();
    proxies.addAll(cidrs);
    ForwardedRequestCustomizer forwarded = new ForwardedRequestCustomizer();
    // The host and port stay the request's own: the Host check judges what the proxy sent.
    forwarded.setForwardedHostHeader(null);
    forwarded.setForwardedServerHeader(null);
    forwarded.setForwardedPortHeader(null);
    forwarded.setForwardedHttpsHeader(null);
    forwarded.setForwardedSslSessionIdHeader(null);
    forwarded.setForwardedCipherSuiteHeader(null);
    return (request, headers) -> request.getConnectionMetaData().getRemoteSocketAddress()
        instanceof InetSocketAddress peer && proxies.test(peer.getAddress())
        ? forwarded.customize(request, headers) : request;
  }

  /** Starts listening; @throws ServeException when the address cannot be bound. */
  public void start() {
    try {
      jetty.start();
    } catch (Exception e) {
      stop();
      String address = connector.getHost() + ":" + connector.getPort();
      boolean inUse = false;
      for (Throwable t = e; t != null; t = t.getCause()) {
        inUse |= t instanceof BindException;
      }
      throw new ServeException(inUse
          ? "cannot listen on " + address + ": the address is in use or not one of this machine's:"
              + " stop what listens there, or choose another port or bind address"
          : "the HTTP server did not start on " + address + ": " + e.getMessage(), e);
    }
  }

  public URI url() {
    String host = connector.getHost().contains(":") ? "[" + connector.getHost() + "]"
        : connector.getHost();
    return URI.create((secure ? "https" : "http") + "://" + host + ":" + connector.getLocalPort());
  }

  /** New requests get {@code 503} from now on; those in flight run on. */
  public void refuseNew() {
    gate.shutdown();
  }

  /** Lets requests in flight run {@code deadline}, then {@code abort}s them: they answer soon. */
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

  public void stop() {
    try {
      jetty.stop();
    } catch (Exception e) {
      log.accept("stopping the HTTP server: " + e.getMessage());
    }
  }
}
