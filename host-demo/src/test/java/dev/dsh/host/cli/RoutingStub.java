package dev.dsh.host.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * A SearchPro stub on loopback, on a plain socket so it can tell when the client closes a
 * connection: each request's body is given to a route that answers with a body, or with null to
 * hold the request — never answered, read until the client closes it.
 */
final class RoutingStub implements AutoCloseable {

  /** One request: its request line and headers, and its body. */
  record Seen(String headers, String body) {}

  private final ServerSocket server;
  private final Function<String, @Nullable String> route;
  private final List<Socket> sockets = new CopyOnWriteArrayList<>();
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final LinkedBlockingQueue<Seen> arrivals = new LinkedBlockingQueue<>();
  private final AtomicInteger heldClosedByClient = new AtomicInteger();

  RoutingStub(Function<String, @Nullable String> route) {
    this.route = route;
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread acceptor = new Thread(this::accept, "routing-stub");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  List<Seen> requests() {
    return List.copyOf(seen);
  }

  /** The first request whose body contains {@code text}, waiting at most {@code bound}. */
  Seen awaitRequestContaining(String text, Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (true) {
      for (Seen request : seen) {
        if (request.body().contains(text)) {
          return request;
        }
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new AssertionError("the stub saw no request with " + text + " within " + bound);
      }
      arrivals.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
    }
  }

  /** How many held requests the client has closed. */
  int heldClosedByClient() {
    return heldClosedByClient.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        sockets.add(socket);
        Thread serve = new Thread(() -> serve(socket), "routing-stub-conn");
        serve.setDaemon(true);
        serve.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket socket) {
    boolean held = false;
    try (socket;
        InputStream in = socket.getInputStream();
        OutputStream out = socket.getOutputStream()) {
      while (true) {
        String headers = readHeaders(in);
        if (headers == null) {
          return;
        }
        int length = contentLength(headers);
        String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
        Seen request = new Seen(headers, body);
        seen.add(request);
        arrivals.add(request);
        String answer = route.apply(body);
        if (answer == null) {
          held = true;
          while (in.read() >= 0) {
            // held: never answered
          }
          heldClosedByClient.incrementAndGet();
          return;
        }
        byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
        out.write(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: "
                    + bytes.length
                    + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(bytes);
        out.flush();
      }
    } catch (IOException e) {
      if (held && !server.isClosed()) {
        heldClosedByClient.incrementAndGet(); // reset by the client while held
      }
    }
  }

  /** The request line and headers up to the blank line, or null at end of stream. */
  private static @Nullable String readHeaders(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b = in.read(); b >= 0; b = in.read()) {
      head.write(b);
      matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
      if (matched == 4) {
        return head.toString(StandardCharsets.US_ASCII);
      }
    }
    return null;
  }

  private static int contentLength(String headers) {
    for (String line : headers.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        return Integer.parseInt(line.substring("content-length:".length()).strip());
      }
    }
    return 0;
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // nothing left to release
    }
    for (Socket socket : sockets) {
      try {
        socket.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }
}
