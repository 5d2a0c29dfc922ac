package dev.dsh.host.yuanbao;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server that accepts connections, reads what arrives and never answers, so a search
 * against it stays in flight until it is aborted.
 */
final class HoldingServer implements AutoCloseable {

  private final ServerSocket server;
  private final List<Socket> held = new CopyOnWriteArrayList<>();
  private final Thread acceptor;
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger closedByClient = new AtomicInteger();

  HoldingServer() {
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    acceptor = new Thread(this::acceptLoop, "holding-server");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getLocalPort();
  }

  private void acceptLoop() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        held.add(socket);
        accepted.incrementAndGet();
        Thread reader = new Thread(() -> drain(socket), "holding-server-reader");
        reader.setDaemon(true);
        reader.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void drain(Socket socket) {
    byte[] buffer = new byte[4096];
    try (InputStream in = socket.getInputStream()) {
      while (in.read(buffer) >= 0) {
        // keep reading so the client's writes complete; never answer
      }
      closedByClient.incrementAndGet(); // end of stream: the client closed its side
    } catch (IOException e) {
      if (!server.isClosed()) {
        closedByClient.incrementAndGet(); // reset by the client
      }
    }
  }

  /** Connections accepted so far. */
  int accepted() {
    return accepted.get();
  }

  /** Connections the client closed (end of stream or reset) while this server held them. */
  int closedByClient() {
    return closedByClient.get();
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // nothing left to release
    }
    for (Socket socket : held) {
      try {
        socket.close();
      } catch (IOException e) {
        // already closed
      }
    }
  }
}
