package dev.dsh.yuanbao;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A loopback HTTP/1.1 server on a raw socket that reports when the client closes the connection
 * (WireMock cannot). Each connection reads one request, then follows the behaviour.
 */
final class RawServer implements AutoCloseable {

  enum Behaviour {
    /** Never answer. */
    HOLD,
    /** Send headers promising a long body, then one byte every 100 ms. */
    DRIBBLE,
    /** Send headers promising a body, then the first bytes of it only. */
    PART_OF_THE_BODY,
    /** Send a redirect promising a body, then none of it. */
    REDIRECT_WITHOUT_ITS_BODY,
    /** Answer at once with a small complete 200 response. */
    ANSWER
  }

  private final ServerSocket socket;
  private final Behaviour behaviour;
  private final Thread acceptor;
  final AtomicInteger connections = new AtomicInteger();
  final CountDownLatch requestSeen = new CountDownLatch(1);
  final CountDownLatch clientClosed = new CountDownLatch(1);
  final AtomicReference<String> requestHead = new AtomicReference<>();

  RawServer(Behaviour behaviour) {
    this.behaviour = behaviour;
    try {
      socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    acceptor = new Thread(this::acceptLoop, "raw-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + socket.getLocalPort();
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        connections.incrementAndGet();
        Thread handler = new Thread(() -> serve(client), "raw-server-conn");
        handler.setDaemon(true);
        handler.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    try (client) {
      InputStream in = client.getInputStream();
      requestHead.set(readHead(in));
      requestSeen.countDown();
      OutputStream out = client.getOutputStream();
      if (behaviour == Behaviour.DRIBBLE) {
        out.write(
            ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        client.setSoTimeout(100);
        while (true) {
          out.write(' ');
          out.flush();
          try {
            if (in.read() < 0) {
              break;
            }
          } catch (java.net.SocketTimeoutException stillOpen) {
            // no news from the client: keep dribbling
          }
        }
      } else {
        String answer =
            switch (behaviour) {
              case PART_OF_THE_BODY -> "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{\"Resp";
              case REDIRECT_WITHOUT_ITS_BODY ->
                  "HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 1000\r\n\r\n";
              case ANSWER -> "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
              default -> "";
            };
        out.write(answer.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        while (in.read() >= 0) {
          // drain until the client closes
        }
      }
    } catch (IOException e) {
      // a reset or a failed write: the client closed the connection
    }
    clientClosed.countDown();
  }

  /** The request line and headers, then the body announced by Content-Length. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        break;
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    String text = head.toString(StandardCharsets.UTF_8);
    int length = 0;
    for (String line : text.split("\r\n")) {
      if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    byte[] body = in.readNBytes(length);
    return text + new String(body, StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing a test server
    }
  }
}
