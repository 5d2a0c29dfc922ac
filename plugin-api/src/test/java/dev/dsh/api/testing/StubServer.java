package dev.dsh.api.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sockets and threads of a {@link SearchProStub}: a loopback listener, a thread per open
 * connection (from a pool whose idle threads end after a second), each connection served request
 * after request until its reply ends it or the client closes it. An idle connection is never
 * closed by the stub: a client reusing one just as a server closes it fails its request (the JDK
 * server's idle close once failed the reload soak so); a dropped client's connections close when
 * the client is collected.
 */
final class StubServer implements AutoCloseable {

  /** What the stub makes of one request: its reply, once the gate lets it go. */
  interface Responder {
    StubReply reply(StubRequest request) throws InterruptedException;
  }

  private final ServerSocket server;
  private final Responder responder;
  private final ExecutorService threads;
  private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
  private final AtomicInteger accepted = new AtomicInteger();
  private final AtomicInteger heldClosedByClient = new AtomicInteger();

  StubServer(Responder responder) {
    this.responder = responder;
    try {
      server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the SearchPro stub", e);
    }
    AtomicInteger n = new AtomicInteger();
    threads =
        new ThreadPoolExecutor(
            1,
            Integer.MAX_VALUE,
            1,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            task -> {
              Thread thread = new Thread(task, "searchpro-stub-" + n.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    Thread acceptor = new Thread(this::accept, "searchpro-stub-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return server.getLocalPort();
  }

  boolean isClosed() {
    return server.isClosed();
  }

  int accepted() {
    return accepted.get();
  }

  int heldClosedByClient() {
    return heldClosedByClient.get();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket socket = server.accept();
        accepted.incrementAndGet();
        sockets.add(socket);
        threads.execute(() -> serve(socket));
      } catch (IOException | RejectedExecutionException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket socket) {
    boolean held = false;
    try (socket) {
      InputStream in = socket.getInputStream();
      OutputStream out = socket.getOutputStream();
      while (true) {
        StubRequest request = HttpWire.readRequest(in);
        if (request == null) {
          return; // the client closed the connection between requests
        }
        StubReply reply = responder.reply(request);
        long delay = reply.maxDelay().toMillis();
        if (delay > 0) {
          Thread.sleep(ThreadLocalRandom.current().nextLong(delay + 1));
        }
        switch (reply.kind()) {
          case ANSWER -> HttpWire.writeAnswer(out, reply);
          case CLOSE -> {
            return;
          }
          case HOLD, RAW -> {
            held = true;
            out.write(reply.bytes());
            out.flush();
            drain(in);
            heldClosedByClient.incrementAndGet();
            return;
          }
          case DRIBBLE -> {
            held = true;
            HttpWire.dribble(socket);
            heldClosedByClient.incrementAndGet();
            return;
          }
        }
      }
    } catch (IOException e) {
      if (held && !server.isClosed()) {
        heldClosedByClient.incrementAndGet(); // reset by the client while held
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      sockets.remove(socket);
    }
  }

  private static void drain(InputStream in) throws IOException {
    byte[] buffer = new byte[4096];
    while (in.read(buffer) >= 0) {
      // held: read until the client closes
    }
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
    threads.shutdownNow();
  }
}
