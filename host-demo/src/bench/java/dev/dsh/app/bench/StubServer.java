package dev.dsh.app.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A loopback SearchPro stub on the JDK {@link HttpServer} (with {@code TCP_NODELAY}): every
 * request gets the same pre-encoded body. When holding, a request is answered only once {@link #release()} is called
 * (or after a minute), so a search can be aborted while it waits.
 */
public final class StubServer implements AutoCloseable {

  static {
    // Without it the JDK server's separate header and body writes meet the client's delayed ACK
    // and every answer waits ~40 ms: the benchmark would time TCP, not the provider. Read once,
    // when the server's configuration class initialises.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** The bench body: the 50-page answer the yuanbao module generated and committed. */
  public static byte[] benchBody() {
    String path = System.getProperty("dsh.bench.body", "../yuanbao-plugin/src/bench/searchpro-50.json");
    try {
      return Files.readAllBytes(Path.of(path));
    } catch (IOException e) {
      throw new IllegalStateException("benchmark body not readable: " + path, e);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final byte[] body;
  private final boolean hold;
  private final Semaphore arrived = new Semaphore(0);
  private volatile Semaphore release = new Semaphore(0);

  private StubServer(byte[] body, boolean hold) throws IOException {
    this.body = body;
    this.hold = hold;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    this.executor =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "bench-stub");
              thread.setDaemon(true);
              return thread;
            });
    server.setExecutor(executor);
    server.createContext("/", this::answer);
    server.start();
  }

  /** A stub answering every request at once. */
  public static StubServer answering(byte[] body) throws IOException {
    return new StubServer(body, false);
  }

  /** A stub that holds every answer until {@link #release()}. */
  public static StubServer holding(byte[] body) throws IOException {
    return new StubServer(body, true);
  }

  /** {@code http://127.0.0.1:<port>}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Waits until a request is being held. */
  public void awaitHeld() throws InterruptedException {
    if (!arrived.tryAcquire(10, TimeUnit.SECONDS)) {
      throw new IllegalStateException("no request reached the stub within 10 s");
    }
  }

  /** Lets every held request answer (into a connection that may be closed by now). */
  public void release() {
    release.release(1_000);
    release = new Semaphore(0);
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange; InputStream in = exchange.getRequestBody()) {
      in.readAllBytes();
      if (hold) {
        Semaphore gate = release;
        arrived.release();
        try {
          gate.tryAcquire(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    release();
    server.stop(0);
    executor.shutdownNow();
  }
}
