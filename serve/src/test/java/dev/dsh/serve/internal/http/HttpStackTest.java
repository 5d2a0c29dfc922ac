package dev.dsh.serve.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.io.ByteArrayInputStream;
import java.io.SequenceInputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.Handler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Jetty stack as {@code DshServer} lays it out, in front of test endpoints: the concurrency
 * limit, the connection cap, the body cap on a body that is read, and the drain with a search held
 * by the stub; the refusals carry the security headers.
 */
class HttpStackTest {

  private static final Duration BOUND = Duration.ofSeconds(60);

  @RegisterExtension
  static final SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("held"));

  @TempDir static Path home;
  private static ServedHost served; // the host and the token file; each test lays its own stack
  private final ServeState state = new ServeState();
  private final List<String> log = new CopyOnWriteArrayList<>();
  private final HttpClient client = HttpClient.newHttpClient();
  private HttpStack stack;

  @BeforeAll
  static void serve() {
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterAll
  static void stop() {
    served.close();
  }

  @BeforeEach
  void boot() {
    state.host().complete(served.host());
  }

  @AfterEach
  void stopStack() {
    if (stack != null) {
      drainAndStop(stack, Duration.ZERO);
    }
    stub.release();
  }

  private StackServlets start(Limits limits, int holders) {
    StackServlets servlets = new StackServlets(holders);
    ServeToken token = ServeToken.resolve(Optional.of(served.tokenFile()),
        LaunchEnvironment.of(Map.of()), home, log::add);
    stack = new HttpStack("127.0.0.1", 0, List.of(), limits, Optional.empty(),
        new CustomRequestLog(log::add, HttpStack.ACCESS_LINE), token, new Handler.Wrapper(),
        servlets.context(state, served.host(), token), log::add);
    stack.start();
    return servlets;
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(stack.url().resolve(path))
        .header("Authorization", "Bearer " + ServedHost.TOKEN).timeout(BOUND);
  }

  private CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest request) {
    return client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> send(HttpRequest request) {
    return sendAsync(request).orTimeout(BOUND.toSeconds(), TimeUnit.SECONDS).join();
  }

  @Test
  void pastTheConcurrencyLimitARequestIs503WithRetryAfterAndTheProbesStillAnswer()
      throws Exception {
    StackServlets servlets = start(new Limits(2, 0, Duration.ZERO, Duration.ofSeconds(30), 20, 1,
        Duration.ofSeconds(5), 100), 2);
    CompletableFuture<HttpResponse<String>> first = sendAsync(request("/hold").build());
    CompletableFuture<HttpResponse<String>> second = sendAsync(request("/hold").build());
    assertThat(servlets.holding.await(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();

    HttpResponse<String> shed = send(request("/hold").build());
    HttpResponse<String> probe = send(request("/readyz").build());
    servlets.release.countDown();

    assertThat(shed.statusCode()).isEqualTo(503);
    assertThat(shed.headers().firstValue("Retry-After")).hasValue("1");
    assertSecured(shed);
    assertThat(shed.body()).isEqualTo("{\"error\":{\"code\":\"OVERLOADED\",\"message\":\"the server"
        + " is handling as many requests as it takes: retry after a second\"}}");
    assertThat(probe.statusCode()).isEqualTo(200);
    assertThat(first.get(BOUND.toSeconds(), TimeUnit.SECONDS).body()).isEqualTo("released");
    assertThat(second.get(BOUND.toSeconds(), TimeUnit.SECONDS).body()).isEqualTo("released");
  }

  @Test
  void pastTheConnectionCapANewConnectionWaitsUntilOneCloses() throws Exception {
    start(new Limits(2, 0, Duration.ZERO, Duration.ofSeconds(30), 20, 1, BOUND, 2), 0);
    try (Socket first = new Socket("127.0.0.1", stack.url().getPort());
        Socket second = new Socket("127.0.0.1", stack.url().getPort())) {
      CompletableFuture<HttpResponse<String>> waiting = sendAsync(request("/readyz").build());
      Thread.sleep(300);
      boolean answeredAtTheCap = waiting.isDone();
      first.close();

      assertThat(answeredAtTheCap).isFalse();
      assertThat(waiting.get(BOUND.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    }
  }

  @Test
  void aStreamedBodyIsCutAtOneMebibyte() {
    start(Limits.DEFAULT, 0);
    byte[] chunk = new byte[64 * 1024];
    HttpRequest streamed = request("/read").POST(HttpRequest.BodyPublishers.ofInputStream(
        () -> new SequenceInputStream(Collections.enumeration(IntStream.range(0, 20)
            .mapToObj(i -> new ByteArrayInputStream(chunk)).toList())))).build();
    HttpRequest small = request("/read").POST(HttpRequest.BodyPublishers.ofByteArray(chunk))
        .build();

    HttpResponse<String> refused = send(streamed);

    assertThat(refused.statusCode()).isEqualTo(413);
    assertThat(refused.body()).contains("\"code\":\"BODY_TOO_LARGE\"");
    assertThat(send(small).body()).isEqualTo(String.valueOf(chunk.length));
  }

  @Test
  void aSearchInFlightAtShutdownIsAnsweredWhenItEndsBeforeTheDeadline() throws Exception {
    start(Limits.DEFAULT, 0);
    stub.holdAnswers();
    CompletableFuture<HttpResponse<String>> held = sendAsync(request("/search").build());
    stub.awaitRequest(BOUND);

    state.startDraining();
    stack.refuseNew();
    CompletableFuture<Void> stopped =
        CompletableFuture.runAsync(() -> drainAndStop(stack, BOUND));
    HttpResponse<String> ready = send(request("/readyz").build());
    HttpResponse<String> refused = send(request("/search").build());
    stub.release();

    assertThat(ready.statusCode()).isEqualTo(503);
    assertThat(ready.body()).isEqualTo("the server is shutting down\n");
    assertThat(refused.statusCode()).isEqualTo(503);
    assertThat(refused.body()).startsWith("{\"error\":{\"code\":\"SHUTTING_DOWN\",");
    assertSecured(refused);
    HttpResponse<String> answer = held.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.body()).contains("\"provider\":\"yuanbao\"");
    stopped.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    assertThat(stub.searches()).hasSize(1);
    assertThat(log).noneMatch(line -> line.contains("aborting"));
  }

  @Test
  void aSearchStillRunningAtTheDeadlineIsAbortedAndAnswered() throws Exception {
    start(Limits.DEFAULT, 0);
    stub.holdAnswers();
    CompletableFuture<HttpResponse<String>> held = sendAsync(request("/search").build());
    stub.awaitRequest(BOUND);

    state.startDraining();
    stack.refuseNew();
    drainAndStop(stack, Duration.ofMillis(50));

    HttpResponse<String> answer = held.get(BOUND.toSeconds(), TimeUnit.SECONDS);
    assertThat(answer.statusCode()).isEqualTo(503);
    assertThat(answer.body()).startsWith("{\"error\":{\"code\":\"WEB_ABORTED\",");
    assertThat(log).contains("1 request(s) still running at the drain deadline: aborting them");
  }

  private static void assertSecured(HttpResponse<String> response) {
    assertThat(response.headers().firstValue("Content-Security-Policy")).hasValue("default-src"
        + " 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    assertThat(response.headers().firstValue("X-Frame-Options")).hasValue("DENY");
    assertThat(response.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    assertThat(response.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
  }

  private void drainAndStop(HttpStack stack, Duration deadline) {
    stack.drain(deadline, state::abortInFlight);
    stack.stop();
  }
}
