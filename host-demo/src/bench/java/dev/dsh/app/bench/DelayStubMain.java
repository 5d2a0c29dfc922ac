package dev.dsh.app.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A SearchPro stub in a process of its own, so its threads and CPU are not the host's: it answers
 * every request with the bench body after holding it {@code args[0]} milliseconds (the WAN), on a
 * scheduler rather than a thread per held request; a query starting {@code held} is held 10 s. Prints its port on the first line of stdout,
 * then answers each {@code stats} line on stdin with {@code <requests> <most at once>}; end of
 * input stops it.
 */
public final class DelayStubMain {

  /** The queries the harness will abort, and how long they are held. */
  private static final String HELD = "\"Query\":\"held ";
  private static final long HELD_MILLIS = 10_000;

  private final AtomicInteger requests = new AtomicInteger();
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicInteger mostOpen = new AtomicInteger();
  private final ScheduledExecutorService scheduler = Executors.newScheduledThreadPool(2);
  private final byte[] body;
  private final long holdMillis;

  private DelayStubMain(byte[] body, long holdMillis) {
    this.body = body;
    this.holdMillis = holdMillis;
  }

  public static void main(String[] args) throws IOException {
    System.setProperty("sun.net.httpserver.nodelay", "true");
    DelayStubMain stub = new DelayStubMain(StubServer.benchBody(), Long.parseLong(args[0]));
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 2048);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.createContext("/", stub::accept);
    server.start();
    System.out.println(server.getAddress().getPort());
    System.out.flush();
    BufferedReader commands =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = commands.readLine()) != null; ) {
      if (line.equals("stats")) {
        System.out.println(stub.requests.get() + " " + stub.mostOpen.get());
        System.out.flush();
      }
    }
    server.stop(0);
    System.exit(0);
  }

  private void accept(HttpExchange exchange) throws IOException {
    byte[] request;
    try (InputStream in = exchange.getRequestBody()) {
      request = in.readAllBytes();
    }
    requests.incrementAndGet();
    mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
    // A query starting "held" is one the harness will abort: held long enough that on a loaded
    // machine none is answered before the abort, so each one's end says what the abort did.
    long hold = new String(request, StandardCharsets.UTF_8).contains(HELD) ? HELD_MILLIS : holdMillis;
    scheduler.schedule(() -> answer(exchange), hold, TimeUnit.MILLISECONDS);
  }

  private void answer(HttpExchange exchange) {
    try (exchange) {
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (IOException e) {
      // the client went away (an aborted search): nothing to answer
    } finally {
      open.decrementAndGet();
    }
  }

  /** The stub as a child process of the harness. */
  static final class Process implements AutoCloseable {
    private final java.lang.Process process;
    private final BufferedReader out;
    private final int port;

    Process(long holdMillis) throws IOException {
      this(holdMillis, null);
    }

    /** A stub pinned to {@code cpus} with {@code taskset} (Linux), unless that is null. */
    Process(long holdMillis, String cpus) throws IOException {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      List<String> command = new ArrayList<>();
      if (cpus != null) {
        command.addAll(List.of("taskset", "-c", cpus));
      }
      command.addAll(List.of(
                  java,
                  "-Xmx256m",
                  "-Ddsh.bench.body=" + System.getProperty("dsh.bench.body", ""),
                  "-cp",
                  System.getProperty("java.class.path"),
                  DelayStubMain.class.getName(),
                  Long.toString(holdMillis)));
      process =
          new ProcessBuilder(command)
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      port = Integer.parseInt(out.readLine().trim());
    }

    String baseUrl() {
      return "http://127.0.0.1:" + port;
    }

    /** {@code [requests seen, most at once]}. */
    int[] stats() {
      try {
        process.getOutputStream().write("stats\n".getBytes(StandardCharsets.US_ASCII));
        process.getOutputStream().flush();
        String[] words = out.readLine().trim().split(" ");
        return new int[] {Integer.parseInt(words[0]), Integer.parseInt(words[1])};
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() throws IOException {
      process.getOutputStream().close();
      try {
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
  }
}
