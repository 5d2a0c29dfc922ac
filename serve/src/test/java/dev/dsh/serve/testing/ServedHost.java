package dev.dsh.serve.testing;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.serve.DshServer;
import dev.dsh.serve.ServeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * A {@link DshServer} on a free port of 127.0.0.1 serving a host that runs the real plugin jar
 * against {@code baseUrl} (a SearchPro stub), with a known token in an owner-only token file.
 * Every line the server and the host log is kept in {@link #log()}.
 */
public final class ServedHost implements AutoCloseable {

  /** The token every request of a test sends (tests of auth send others too). */
  public static final String TOKEN = "test-token-0123456789abcdef0123456789abcdef";

  /** The key the plugin sends: a canary that must never come back in any answer or log line. */
  public static final String KEY = "sk-canary-7f3e9c1d5b";

  /** The password of a test's TLS keystore, in the environment the server and host get. */
  public static final String TLS_PASSWORD = "test-tls-password";

  private final Path home;
  private final List<String> log = new CopyOnWriteArrayList<>();
  private final DshServer server;
  private final Host host;
  private final HostOptions plainOptions;
  private final HttpClient http = HttpClient.newHttpClient();

  private ServedHost(Path home, String baseUrl, String extraConfig, UnaryOperator<ServeOptions> options) {
    this.home = home;
    RealPluginJar.install(home, baseUrl, extraConfig);
    Path tokenFile = home.resolve("test-token");
    write(tokenFile, TOKEN + "\n");
    try {
      Files.setPosixFilePermissions(tokenFile, PosixFilePermissions.fromString("rw-------"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ServeOptions serve = options.apply(new ServeOptions("127.0.0.1", 0, false,
        Optional.of(tokenFile), Optional.empty(), Optional.empty(), Duration.ofSeconds(10), 1_000,
        Duration.ofMinutes(30), List.of(), List.of()));
    HostOptions plain = new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(Map.of("TENCENTCLOUD_WSA_APIKEY", KEY,
            "DSH_SERVE_TLS_PASSWORD", TLS_PASSWORD)), log::add);
    this.plainOptions = plain;
    this.server = DshServer.start(serve, plain, log::add);
    HostOptions hostOptions = server.instrument(plain);
    this.host = Host.serve(hostOptions, server.lifecycle(LifecycleListener.none()));
    server.booted(host);
  }

  /** Serves a host whose Yuanbao row has {@code extraConfig} beside its base URL. */
  public static ServedHost start(Path home, String baseUrl, String extraConfig) {
    return new ServedHost(home, baseUrl, extraConfig, UnaryOperator.identity());
  }

  /** {@link #start(Path, String, String)} with the server's options changed by {@code options}. */
  public static ServedHost start(
      Path home, String baseUrl, String extraConfig, UnaryOperator<ServeOptions> options) {
    return new ServedHost(home, baseUrl, extraConfig, options);
  }

  public DshServer server() {
    return server;
  }

  public Host host() {
    return host;
  }

  public Path home() {
    return home;
  }

  /** The token file the server reads ({@link #TOKEN} unless a test rotated it). */
  public Path tokenFile() {
    return home.resolve("test-token");
  }

  /** Replaces the token file's content by {@code token}, as an operator rotating it would. */
  public void rotateToken(String token) {
    write(tokenFile(), token + "\n");
  }

  /** The server's URL for {@code path}, such as {@code /api/search}. */
  public URI url(String path) {
    return server.url().resolve(path);
  }

  /** Every line logged so far, by the server and by the host. */
  public List<String> log() {
    return List.copyOf(log);
  }

  /** A request to {@code path} carrying the test token. */
  public HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(url(path)).header("Authorization", "Bearer " + TOKEN)
        .timeout(Duration.ofSeconds(30));
  }

  /** Sends {@code request}, the body read as a string. */
  public HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** {@code POST path} with a JSON body and the test token. */
  public HttpResponse<String> postJson(String path, String json) {
    return send(request(path).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json)).build());
  }

  /** {@code GET path} with the test token. */
  public HttpResponse<String> get(String path) {
    return send(request(path).GET().build());
  }

  /** {@code PUT path} with a JSON body and the test token. */
  public HttpResponse<String> putJson(String path, String json) {
    return send(request(path).header("Content-Type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString(json)).build());
  }

  /** {@code DELETE path} with the test token. */
  public HttpResponse<String> delete(String path) {
    return send(request(path).DELETE().build());
  }

  /**
   * Sends {@code request} as it is over a socket of its own and reads the answer until the server
   * closes the connection: for what the JDK's client will not send (TRACE, a malformed request
   * line). The request should ask for {@code Connection: close} unless the server closes anyway.
   */
  public String raw(String request) {
    URI server = server().url();
    try (Socket socket = new Socket(server.getHost(), server.getPort())) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The options the host was booted with, before the server instrumented them. */
  public HostOptions hostOptions() {
    return plainOptions;
  }

  private static void write(Path file, String text) {
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.close();
    host.close();
  }
}
