package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.mcp.McpHttp;
import dev.dsh.serve.testing.ServedHost;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients without the token, from the token holder's own address, dribbling the sign-in body or
 * headers they never finish: the token holder's API, MCP and the sign-in page still answer as
 * fast as before, the sign-ins past their small budget are refused at once, and the server closes
 * every slow connection itself, so its open files return to what they were.
 */
class SlowClientsTest {

  private static final int EACH = 150;
  /** A generous bound: a loaded machine may be slow, but not as slow as a request that waits. */
  private static final Duration SLACK = Duration.ofSeconds(3);
  private static final Duration BOUND = Duration.ofSeconds(30);
  private static final int FILES_SLACK = 40;
  private static final Path FDS = Path.of("/proc/self/fd");

  @TempDir Path home;
  private SearchProStub stub;
  private ServedHost served;
  private final List<Socket> attackers = new ArrayList<>();
  private final ScheduledExecutorService dribbler = Executors.newSingleThreadScheduledExecutor();

  @BeforeEach
  void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() throws IOException {
    dribbler.shutdownNow();
    closeAll(attackers);
    served.close();
    stub.close();
  }

  @Test
  void slowClientsWithoutTheTokenLeaveTheTokenHolderItsCapacityAndTheServerClosesThem()
      throws Exception {
    assumeTrue(Files.isDirectory(FDS), "counts open files through /proc");
    McpHttp mcp = new McpHttp(served);
    String session = mcp.initialize();
    Duration status = Duration.ZERO;
    Duration initialize = Duration.ZERO;
    Duration call = Duration.ZERO;
    Duration login = Duration.ZERO;
    for (int i = 0; i < 3; i++) { // the slowest of three, once warm, is the normal
      status = max(status, timed(this::status));
      initialize = max(initialize, timed(() -> mcp.initialize()));
      call = max(call, timed(() -> search(mcp, session)));
      login = max(login, timed(this::login));
    }
    long filesBefore = openFiles();

    List<Socket> signIns = open(EACH, "POST /api/session HTTP/1.1\r\nHost: " + host()
        + "\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"to");
    open(EACH, "GET /api/status HTTP/1.1\r\nHost: " + host() + "\r\nX-Slow: a");
    // The attackers' ends, and the server's of the slow headers, which nothing answers this soon:
    // the server has accepted every connection.
    await("the attack in place", () -> openFiles() >= filesBefore + 3L * EACH - FILES_SLACK);
    dribbler.scheduleWithFixedDelay(() -> attackers.forEach(SlowClientsTest::dribble),
        0, 300, TimeUnit.MILLISECONDS);

    Duration statusNow = timed(this::status);
    Duration initializeNow = timed(() -> mcp.initialize());
    Duration callNow = timed(() -> search(mcp, session));
    Duration loginNow = timed(this::login);

    System.out.printf("under %d slow sign-ins and %d slow headers (ms, normal -> now):"
        + " status %d -> %d, initialize %d -> %d, tools/call %d -> %d, /login %d -> %d%n",
        EACH, EACH, status.toMillis(), statusNow.toMillis(), initialize.toMillis(),
        initializeNow.toMillis(), call.toMillis(), callNow.toMillis(), login.toMillis(),
        loginNow.toMillis());
    assertThat(statusNow).as("GET /api/status").isLessThan(status.plus(SLACK));
    assertThat(initializeNow).as("MCP initialize").isLessThan(initialize.plus(SLACK));
    assertThat(callNow).as("MCP tools/call").isLessThan(call.plus(SLACK));
    assertThat(loginNow).as("GET /login").isLessThan(login.plus(SLACK));
    int budget = Limits.DEFAULT.maxAnonymous();
    await("the sign-ins past their budget answered", () -> answered(signIns) >= EACH - budget);
    long end = System.nanoTime() + BOUND.toNanos();
    assertThat(signIns.stream().filter(socket -> available(socket) > 0)
        .map(socket -> untilClosed(socket, end)))
        .allSatisfy(answer -> assertThat(answer).hasValueSatisfying(text -> assertThat(text)
            .startsWith("HTTP/1.1 503 ").contains("\"code\":\"OVERLOADED\"")));
    // The server ends every slow connection itself, while the attackers still hold theirs.
    assertThat(attackers).allSatisfy(socket -> assertThat(untilClosed(socket, end)).isPresent());
    await("the server's ends closed", () -> openFiles() <= filesBefore + 2L * EACH + FILES_SLACK);
    dribbler.shutdownNow();
    closeAll(attackers);
    await("the files back to normal", () -> openFiles() <= filesBefore + FILES_SLACK);
    System.out.printf("open files: %d before, %d after the attackers closed%n", filesBefore,
        openFiles());
  }

  private void status() {
    assertThat(served.get("/api/status").statusCode()).isEqualTo(200);
  }

  private void login() {
    HttpResponse<String> page = served.send(HttpRequest.newBuilder(served.url("/login"))
        .timeout(BOUND).build());
    assertThat(page.statusCode()).isEqualTo(200);
  }

  private static void search(McpHttp mcp, String session) {
    assertThat(McpHttp.messages(mcp.send(session, McpHttp.call(2, "tea"))).get(0)
        .path("result").path("isError").asBoolean(true)).isFalse();
  }

  private String host() {
    URI url = served.server().url();
    return url.getHost() + ":" + url.getPort();
  }

  /** {@code count} connections from 127.0.0.1, each having sent {@code start}. */
  private List<Socket> open(int count, String start) throws IOException {
    URI url = served.server().url();
    List<Socket> opened = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Socket socket = new Socket(url.getHost(), url.getPort());
      attackers.add(socket);
      opened.add(socket);
      socket.getOutputStream().write(start.getBytes(StandardCharsets.US_ASCII));
    }
    return opened;
  }

  /** One more byte now and then, so the connection is never idle; an answered one is left. */
  private static void dribble(Socket socket) {
    if (available(socket) > 0) {
      return;
    }
    try {
      socket.getOutputStream().write('a');
    } catch (IOException closedByTheServer) {
      // nothing more to send on it
    }
  }

  /**
   * What the server sent on {@code socket} until it closed the connection (a reset ends it too);
   * empty if the connection is still open at {@code end}.
   */
  private static Optional<String> untilClosed(Socket socket, long end) {
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    byte[] buffer = new byte[4096];
    try {
      for (int read = 0; read != -1; read = socket.getInputStream().read(buffer)) {
        answer.write(buffer, 0, read);
        socket.setSoTimeout((int) Math.max(1, (end - System.nanoTime()) / 1_000_000));
      }
    } catch (SocketTimeoutException stillOpen) {
      return Optional.empty();
    } catch (IOException reset) {
      // closed by the server all the same
    }
    return Optional.of(answer.toString(StandardCharsets.US_ASCII));
  }

  private static long answered(List<Socket> sockets) {
    return sockets.stream().filter(socket -> available(socket) > 0).count();
  }

  private static int available(Socket socket) {
    try {
      return socket.getInputStream().available();
    } catch (IOException e) {
      return 0;
    }
  }

  private static void closeAll(List<Socket> sockets) throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
  }

  private static long openFiles() {
    try (Stream<Path> files = Files.list(FDS)) {
      return files.count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + BOUND.toNanos();
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(end);
      Thread.sleep(20);
    }
  }

  private static Duration timed(Runnable action) {
    long start = System.nanoTime();
    action.run();
    return Duration.ofNanos(System.nanoTime() - start);
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }
}
