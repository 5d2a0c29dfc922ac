package dev.dsh.yuanbao;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A loopback JDK {@link HttpServer} answering every request with one body after 0–20 ms, with
 * keep-alive: so that many searches are in flight, each in some phase, when a provider is closed.
 */
final class DelayingServer implements AutoCloseable {

  private static final int MAX_DELAY_MILLIS = 20;

  private final HttpServer server;
  private final ExecutorService executor =
      Executors.newFixedThreadPool(
          8,
          task -> {
            Thread t = new Thread(task, "delaying-server");
            t.setDaemon(true);
            return t;
          });

  DelayingServer(byte[] body) {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/",
        exchange -> {
          try (InputStream in = exchange.getRequestBody();
              OutputStream out = exchange.getResponseBody()) {
            in.readAllBytes();
            Thread.sleep(ThreadLocalRandom.current().nextInt(MAX_DELAY_MILLIS + 1));
            exchange.sendResponseHeaders(200, body.length);
            out.write(body);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          } catch (IOException e) {
            // the client went away (an aborted search)
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

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
