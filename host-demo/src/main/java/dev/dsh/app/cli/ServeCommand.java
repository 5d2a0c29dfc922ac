package dev.dsh.app.cli;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.serve.DshServer;
import dev.dsh.serve.ServeOptions;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dsh serve}: the host, reloaded as {@code dsh run}'s is, served by {@link DshServer}. */
@Command(name = "serve", description = "Serve the host over HTTP: MCP (Streamable HTTP) at /mcp,"
    + " /api/search, /api/status, /metrics, and the /healthz and /readyz probes, with hot reload as"
    + " in 'dsh run'. Every path but the probes needs 'Authorization: Bearer <token>'. SIGTERM or"
    + " SIGINT drains and exits 0; a second one ends at once.")
final class ServeCommand implements Callable<Integer> {

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = ServeOptions.DEFAULT_BIND,
      description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only).")
  String bind = ServeOptions.DEFAULT_BIND;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "8719",
      description = "The TCP port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
  int port = ServeOptions.DEFAULT_PORT;

  @Option(names = "--stateless", description = "MCP without sessions: any replica answers any"
      + " request; no progress, logging or cancellation.")
  boolean stateless;

  @Option(names = "--token-file", paramLabel = "FILE", description = "The file holding the bearer"
      + " token (wins over $DSH_SERVE_TOKEN, which wins over <home>/serve-token, made at the"
      + " first serve). Re-read when it changes.")
  @Nullable Path tokenFile;

  @Option(names = "--tls-keystore", paramLabel = "FILE", description = "Serve HTTPS with this"
      + " PKCS#12 keystore; its password is in $DSH_SERVE_TLS_PASSWORD.")
  @Nullable Path tlsKeystore;

  @Option(names = "--access-log", paramLabel = "FILE",
      description = "Append the access log here instead of stderr.")
  @Nullable Path accessLog;

  @Option(names = "--drain", paramLabel = "DURATION", defaultValue = "10s",
      converter = SearchOptions.Time.class, description = "How long the requests in flight at SIGTERM may"
          + " run on before they are aborted (default: ${DEFAULT-VALUE}).")
  Duration drain = Duration.ofSeconds(10);

  @Option(names = "--max-sessions", paramLabel = "N", defaultValue = "1000",
      description = "The most MCP sessions open at once (default: ${DEFAULT-VALUE}).")
  int maxSessions = 1_000;

  @Option(names = "--session-idle", paramLabel = "DURATION", defaultValue = "30m",
      converter = SearchOptions.Time.class,
      description = "How long an MCP session may stay unused before it expires (default:"
          + " ${DEFAULT-VALUE}).")
  Duration sessionIdle = Duration.ofMinutes(30);

  @Option(names = "--allowed-host", paramLabel = "NAME[:PORT]", description = "A Host name /mcp"
      + " accepts besides this server's own, as a proxy or load balancer sends it (any port when"
      + " none is given); its http and https origins pass too. Repeatable; also"
      + " $DSH_SERVE_ALLOWED_HOSTS, comma-separated.")
  List<String> allowedHosts = new ArrayList<>();

  @Option(names = "--trusted-proxy", paramLabel = "CIDR", description = "A proxy's address or"
      + " block whose X-Forwarded-For, X-Forwarded-Proto and Forwarded headers give the client's"
      + " address and scheme. Repeatable.")
  List<String> trustedProxies = new ArrayList<>();

  private final Cli cli;

  ServeCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws InterruptedException {
    HostOptions boot = cli.bootOptions();
    List<String> hosts = !allowedHosts.isEmpty() ? allowedHosts : boot.env()
        .get("DSH_SERVE_ALLOWED_HOSTS").stream().flatMap(v -> Stream.of(v.split(",", -1)))
        .map(String::strip).filter(name -> !name.isEmpty()).toList();
    ServeOptions options = new ServeOptions(bind, port, stateless, Optional.ofNullable(tokenFile),
        Optional.ofNullable(tlsKeystore), Optional.ofNullable(accessLog), drain, maxSessions,
        sessionIdle, hosts, trustedProxies);
    CountDownLatch stop = new CountDownLatch(1);
    DshMain.onNextStopSignal(stop::countDown);
    try (DshServer server = DshServer.start(options, boot, cli::errLine)) {
      cli.errLine("serving " + server.url() + " (token: " + server.tokenSource() + ")");
      if (tlsKeystore == null && !loopback(bind)) {
        cli.errLine("warning: " + bind + " is reachable from other machines and"
            + " the token travels in clear text: give --tls-keystore, or serve behind a"
            + " TLS reverse proxy on 127.0.0.1");
      }
      Host host;
      try {
        host = Host.serve(
            server.instrument(boot), server.lifecycle(e -> cli.errLine(e.describe())));
      } catch (RuntimeException | Error e) {
        server.bootFailed(e);
        throw e;
      }
      // The server drains before the host closes: the searches in flight still have their host.
      try (host) {
        server.booted(host);
        stop.await();
        cli.errLine("draining (at most " + drain.toMillis() + " ms; a second signal ends at once)");
        server.shutdown();
      }
    } finally {
      DshMain.onNextStopSignal(null);
    }
    return DshMain.OK;
  }

  private static boolean loopback(String address) {
    try {
      return InetAddress.getByName(address).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
