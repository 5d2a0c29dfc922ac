package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ref.WeakReference;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Whatever phase a search is aborted in, its exchange ends inside the JDK client: once the
 * provider is closed and dropped, the client is collected and its {@code HttpClient-N-
 * SelectorManager} thread ends. That thread exits only when the client is unreachable and has no
 * pending operation; it carries the plugin's protection domain, so a thread that never ends pins
 * the unloaded plugin's class loader for good.
 *
 * <p>Each test holds the exchange in one phase on a loopback server and aborts; once all have
 * run, {@link #everyClientIsReleased} polls {@link System#gc()} for up to {@value
 * #RELEASE_BOUND_SECONDS} s (the selector notices an unreachable client within about 3 s), so the
 * tests share that wait.
 */
class ClientReleaseTest {

  private static final long RELEASE_BOUND_SECONDS = 20;

  /** What a test watches: the provider's client and the selector thread it started. */
  private record Watched(WeakReference<HttpClient> client, Set<Thread> selectors) {}

  /** What each test left to be released, by the test's name. */
  private static final Map<String, Watched> LEFT = new ConcurrentHashMap<>();

  /** The servers, kept open until then: a closed one would end a held exchange by itself. */
  private static final List<AutoCloseable> SERVERS = new ArrayList<>();

  private String test = "";

  private static <T extends AutoCloseable> T kept(T server) {
    SERVERS.add(server);
    return server;
  }

  @BeforeEach
  void name(TestInfo info) {
    test = info.getDisplayName();
  }

  @AfterAll
  static void everyClientIsReleased() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RELEASE_BOUND_SECONDS);
    while (System.nanoTime() < deadline && LEFT.values().stream().anyMatch(w ->
        w.client().get() != null || w.selectors().stream().anyMatch(Thread::isAlive))) {
      System.gc();
      Thread.sleep(50);
    }
    LEFT.forEach((test, watched) -> {
      assertThat(watched.client().get()).as("%s: the client, after the provider was dropped", test)
          .isNull();
      assertThat(watched.selectors()).as("%s: the client's selector thread", test)
          .noneMatch(Thread::isAlive);
    });
    for (AutoCloseable server : SERVERS) {
      server.close();
    }
  }

  @Test
  void abortWhileConnectingReleasesTheClient() throws Exception {
    FullBacklog server = kept(new FullBacklog());
    assertReleasedAfterAbort(server.baseUrl(), () -> pause(200));
  }

  @Test
  void abortWhileWaitingForTheHeadersReleasesTheClient() throws Exception {
    SearchProStub server = kept(SearchProStub.answering(StubReply.hold()));
    assertReleasedAfterAbort(server.baseUrl(), () -> awaitRequest(server));
  }

  @Test
  void abortWhileTheBodyIsHalfReadReleasesTheClient() throws Exception {
    SearchProStub server = kept(SearchProStub.answering(
        StubReply.raw("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n{\"Resp")));
    assertReleasedAfterAbort(
        server.baseUrl(),
        () -> {
          awaitRequest(server);
          pause(200);
        });
  }

  @Test
  void abortWhileTheBodyDribblesInReleasesTheClient() throws Exception {
    SearchProStub server = kept(SearchProStub.answering(StubReply.dribble()));
    assertReleasedAfterAbort(
        server.baseUrl(),
        () -> {
          awaitRequest(server);
          pause(300);
        });
  }

  @Test
  void closeWhileWaitingForTheHeadersReleasesTheClient() throws Exception {
    SearchProStub server = kept(SearchProStub.answering(StubReply.hold()));
    Watched watched = watch();
    YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()));
    watched = withClientOf(provider, watched);
    CompletionStage<WebSearchResult> stage =
        provider.search(WebSearchRequest.of("q"), AbortSignal.never());
    awaitRequest(server);
    provider.close();
    assertThat(TestSupport.failure(stage).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    provider = null;
    assertReleased(watched);
  }

  /** A redirect's body is never read: the exchange must still end although nothing was aborted. */
  @Test
  void aRefusedRedirectWhoseBodyNeverComesReleasesTheClient() throws Exception {
    SearchProStub server = kept(SearchProStub.answering(
        StubReply.raw(
            "HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 1000\r\n\r\n")));
    Watched watched = watch();
    YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()));
    watched = withClientOf(provider, watched);
    CompletionStage<WebSearchResult> stage =
        provider.search(WebSearchRequest.of("q"), AbortSignal.never());
    assertThat(TestSupport.failure(stage))
        .hasMessage("Yuanbao search request failed: HTTP 302 redirect refused");
    provider.close();
    provider = null;
    assertReleased(watched);
  }

  /**
   * The abort lands after the response headers are in and before the body is subscribed: the
   * exchange is already cancelled when the client asks for the body subscriber, which the search
   * then hands out cancelled. This is the window the reload soak hit when a cancelled body was
   * left open.
   */
  @Test
  void abortBetweenTheHeadersAndTheBodyReleasesTheClient() throws Exception {
    SearchProStub server = kept(SearchProStub.answering(StubReply.json("{}")));
    Set<Thread> before = selectorThreads();
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    Watched watched = new Watched(new WeakReference<>(client), newSince(before));
    SearchCall call = new SearchCall();
    CompletableFuture<HttpResponse<byte[]>> exchange =
        client.sendAsync(
            HttpRequest.newBuilder(URI.create(server.baseUrl() + "/SearchPro")).build(),
            info -> {
              call.abort();
              return call.bodyFor(info);
            });
    call.exchange(exchange);
    assertThat(TestSupport.failure(call.result).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    client = null;
    exchange = null;
    assertReleased(watched);
  }

  /**
   * Sixteen searches against a server answering within 20 ms, then the provider is closed, five
   * times over: the aborts land in every phase an exchange goes through, including the short ones
   * no other test can hold (request sending, header parsing, body subscription).
   */
  @Test
  void closeWithManySearchesInFlightReleasesEveryClient() throws Exception {
    byte[] answer = TestSupport.fixture("02-normal-en-10.json");
    SearchProStub server =
        kept(SearchProStub.answering(StubReply.json(answer).afterUpTo(Duration.ofMillis(20))));
    List<Watched> all = new ArrayList<>();
    for (int round = 0; round < 5; round++) {
      Watched watched = watch();
      YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(server.baseUrl()));
      all.add(withClientOf(provider, watched));
      List<CompletableFuture<WebSearchResult>> stages = new ArrayList<>();
      long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(150 + 40L * round);
      while (System.nanoTime() < end) {
        stages.removeIf(CompletableFuture::isDone);
        while (stages.size() < 16) {
          stages.add(
              provider
                  .search(WebSearchRequest.of("q"), AbortSignal.never())
                  .toCompletableFuture());
        }
        pause(1);
      }
      // A search that failed on its own just before the close (a loaded machine can make the
      // loopback server reset a connection) is not the close's doing: judge only the ones the
      // close found running.
      List<CompletableFuture<WebSearchResult>> running =
          stages.stream().filter(stage -> !stage.isDone()).toList();
      provider.close();
      for (CompletableFuture<WebSearchResult> stage : running) {
        // each one ends, as a success or as WEB_ABORTED
        assertThat(stage.handle((result, error) ->
                result != null || isAborted(error) ? "success or aborted" : String.valueOf(error)))
            .succeedsWithin(TestSupport.HANG_BOUND_SECONDS, TimeUnit.SECONDS)
            .isEqualTo("success or aborted");
      }
    }
    for (Watched watched : all) {
      assertReleased(watched);
    }
  }

  private static boolean isAborted(Throwable error) {
    return error instanceof WebError w && w.code().equals(WebErrorCodes.WEB_ABORTED);
  }

  private void assertReleasedAfterAbort(String baseUrl, Runnable reachPhase) {
    Watched watched = watch();
    YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(baseUrl));
    watched = withClientOf(provider, watched);
    AbortController controller = new AbortController();
    CompletionStage<WebSearchResult> stage =
        provider.search(WebSearchRequest.of("q"), controller.signal());
    reachPhase.run();
    assertThat(stage.toCompletableFuture())
        .as("the search still runs before the abort")
        .isNotDone();
    controller.abort();
    assertThat(TestSupport.failure(stage).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    provider.close();
    provider = null;
    stage = null;
    assertReleased(watched);
  }

  /** The selector threads alive now, to tell the next client's one apart. */
  private static Watched watch() {
    return new Watched(new WeakReference<>(null), selectorThreads());
  }

  private static Watched withClientOf(YuanbaoSearchProvider provider, Watched before) {
    HttpClient client = provider.client();
    assertThat(client).isNotNull();
    Set<Thread> started = newSince(before.selectors());
    assertThat(started).as("the provider's client started one selector thread").hasSize(1);
    return new Watched(new WeakReference<>(client), started);
  }

  private static Set<Thread> newSince(Set<Thread> before) {
    return selectorThreads().stream()
        .filter(t -> !before.contains(t))
        .collect(Collectors.toUnmodifiableSet());
  }

  private static Set<Thread> selectorThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().startsWith("HttpClient-"))
        .filter(t -> t.getName().endsWith("-SelectorManager"))
        .collect(Collectors.toUnmodifiableSet());
  }

  /** Leaves {@code watched} to {@link #everyClientIsReleased}. */
  private void assertReleased(Watched watched) {
    LEFT.put(test + " #" + LEFT.size(), watched);
  }

  private static void awaitRequest(SearchProStub server) {
    try {
      server.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /**
   * A loopback listener whose accept queue is full and never drained: a new connection attempt
   * stays in the TCP handshake, so the client waits in its connect phase.
   */
  private static final class FullBacklog implements AutoCloseable {
    private final ServerSocket socket;
    private final List<Socket> queued = new ArrayList<>();

    FullBacklog() {
      try {
        socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        for (int i = 0; i < 4; i++) {
          Socket s = new Socket();
          queued.add(s);
          try {
            s.connect(new InetSocketAddress(socket.getInetAddress(), socket.getLocalPort()), 200);
          } catch (IOException full) {
            // the queue is full: later connections wait in the handshake
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String baseUrl() {
      return "http://127.0.0.1:" + socket.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      for (Socket s : queued) {
        s.close();
      }
      socket.close();
    }
  }
}
