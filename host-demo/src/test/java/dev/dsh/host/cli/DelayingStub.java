package dev.dsh.host.cli;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JDK {@link HttpServer} on loopback answering every {@code POST /SearchPro} with one pre-encoded
 * body, after a short random delay so that searches are in flight when the plugin is unloaded. Its
 * threads all start with it, so a thread count taken later is not disturbed.
 */
final class DelayingStub implements AutoCloseable {

  private static final int THREADS = 8;

  private final HttpServer server;
  private final ExecutorService executor;
  private final AtomicLong requests = new AtomicLong();

  DelayingStub(byte[] body, int maxDelayMillis) {
    AtomicInteger n = new AtomicInteger();
    ThreadPoolExecutor pool =
        new ThreadPoolExecutor(
            THREADS,
            THREADS,
            0,
            TimeUnit.MILLISECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread t = new Thread(task, "soak-stub-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    pool.prestartAllCoreThreads();
    this.executor = pool;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/SearchPro",
        exchange -> {
          try (InputStream in = exchange.getRequestBody();
              OutputStream out = exchange.getResponseBody()) {
            in.readAllBytes();
            requests.incrementAndGet();
            if (maxDelayMillis > 0) {
              Thread.sleep(ThreadLocalRandom.current().nextInt(maxDelayMillis + 1));
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            out.write(body);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (IOException e) {
            // the client went away (an aborted search): nothing to answer
          } finally {
            exchange.close();
          }
        });
    server.setExecutor(executor);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  long requests() {
    return requests.get();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
