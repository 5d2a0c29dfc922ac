package dev.dsh.host.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A SearchPro stub on loopback (JDK {@code HttpServer}): records every request body and answers
 * with a fixed body, or holds the answer back until {@link #release()} so a search stays in
 * flight.
 */
public final class LoopbackStub implements AutoCloseable {

  /** One request the stub saw. */
  public record Seen(String path, String body) {}

  private final HttpServer server;
  private final ExecutorService threads;
  private final LinkedBlockingQueue<Seen> arrivals = new LinkedBlockingQueue<>();
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private volatile String answer;
  private volatile CountDownLatch hold = new CountDownLatch(0);

  private LoopbackStub(String answer) throws IOException {
    this.answer = answer;
    this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    this.threads =
        Executors.newCachedThreadPool(
            task -> {
              Thread thread = new Thread(task, "test-stub");
              thread.setDaemon(true);
              return thread;
            });
    server.setExecutor(threads);
    server.createContext("/", this::handle);
    server.start();
  }

  /** A stub answering every request with {@code answer} (a SearchPro JSON body). */
  public static LoopbackStub answering(String answer) {
    try {
      return new LoopbackStub(answer);
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the loopback stub", e);
    }
  }

  /** A SearchPro answer with one natural page whose url ends with {@code tag}. */
  public static String onePage(String tag) {
    String page =
        "{\\\"url\\\":\\\"https://example.com/"
            + tag
            + "\\\",\\\"title\\\":\\\"Page "
            + tag
            + "\\\",\\\"passage\\\":\\\"About "
            + tag
            + "\\\"}";
    return "{\"Response\":{\"RequestId\":\"r-" + tag + "\",\"Pages\":[\"" + page + "\"]}}";
  }

  /** {@code http://127.0.0.1:<port>}, the provider's {@code baseURL}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Answers from now on with {@code body}. */
  public void answer(String body) {
    this.answer = body;
  }

  /** Holds every answer from now on until {@link #release()}. */
  public void holdAnswers() {
    hold = new CountDownLatch(1);
  }

  /** Lets held and later answers go. */
  public void release() {
    hold.countDown();
  }

  /** Every request seen so far, oldest first. */
  public List<Seen> requests() {
    return List.copyOf(seen);
  }

  /** The next request to arrive (or one that arrived unclaimed), waiting at most {@code bound}. */
  public Seen awaitRequest(Duration bound) throws InterruptedException {
    Seen next = arrivals.poll(bound.toMillis(), TimeUnit.MILLISECONDS);
    if (next == null) {
      throw new AssertionError("the stub saw no request within " + bound);
    }
    return next;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      Seen request =
          new Seen(
              exchange.getRequestURI().getPath(),
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      seen.add(request);
      arrivals.add(request);
      try {
        hold.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      byte[] body = answer.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (IOException e) {
      // the client went away while the answer was held: nothing to answer
    }
  }

  @Override
  public void close() {
    release();
    server.stop(0);
    threads.shutdownNow();
  }
}
