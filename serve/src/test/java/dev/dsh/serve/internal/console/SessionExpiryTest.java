package dev.dsh.serve.internal.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.serve.internal.http.HttpStack;
import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.internal.http.ServeToken;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session ends after 12 hours without use (the user's requests, not the page's own refreshes or
 * its event stream), and a sign-in limit after its minute, by a clock the test moves: the console
 * alone on the HTTP stack, no host needed.
 */
class SessionExpiryTest {

  private static final String TOKEN = "expiry-token-0123456789abcdef0123456789abcdef";

  /** A clock that stands still until the test moves it. */
  private static final class MovedClock extends Clock {
    private volatile Instant now = Instant.parse("2026-12-02T08:00:00Z");

    void move(Duration by) {
      now = now.plus(by);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  @TempDir Path home;
  private final MovedClock clock = new MovedClock();
  private final HttpClient client = HttpClient.newHttpClient();
  private Console console;
  private HttpStack stack;

  @BeforeEach
  void start() throws IOException {
    Path file = Files.writeString(home.resolve("token"), TOKEN);
    ServeToken token = ServeToken.resolve(Optional.of(file), LaunchEnvironment.of(Map.of()), home,
        line -> {});
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    console = new Console(context, token, clock);
    stack = new HttpStack("127.0.0.1", 0, List.of(), Limits.DEFAULT, Optional.empty(), (req, res) -> {},
        token, console, context, line -> {});
    stack.start();
  }

  @AfterEach
  void stop() {
    console.close();
    stack.stop();
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest.Builder to(String path) {
    return HttpRequest.newBuilder(stack.url().resolve(path));
  }

  private HttpResponse<String> signIn(String token) throws Exception {
    return send(to("/api/session").POST(
        HttpRequest.BodyPublishers.ofString("{\"token\":\"" + token + "\"}")));
  }

  @Test
  void aSessionUsedWithinTwelveHoursLivesOnAndEndsTwelveHoursAfterItsLastUse() throws Exception {
    String cookie = signIn(TOKEN).headers().firstValue("Set-Cookie").orElseThrow()
        .split(";", 2)[0];

    clock.move(Console.IDLE.minusSeconds(1));
    assertThat(send(to("/api/session").header("Cookie", cookie)).body())
        .as("used just in time").contains("\"signedIn\":true");
    clock.move(Console.IDLE.minusSeconds(1));
    assertThat(send(to("/plugins").header("Cookie", cookie)).statusCode())
        .as("the use renewed it").isEqualTo(200);

    clock.move(Console.IDLE);

    HttpResponse<String> page = send(to("/plugins").header("Cookie", cookie));
    assertThat(page.statusCode()).isEqualTo(303);
    assertThat(page.headers().firstValue("Location")).hasValueSatisfying(
        location -> assertThat(location).endsWith("/login?next=%2Fplugins"));
    assertThat(send(to("/api/events").header("Cookie", cookie)).statusCode()).isEqualTo(401);
    assertThat(send(to("/api/session").header("Cookie", cookie)).body())
        .isEqualTo("{\"signedIn\":false}\n");
  }

  @Test
  @Timeout(60)
  void thePagesOwnRefreshesAndItsEventStreamDoNotKeepASessionAliveAndTheStreamEndsWithIt()
      throws Exception {
    String cookie = signIn(TOKEN).headers().firstValue("Set-Cookie").orElseThrow()
        .split(";", 2)[0];
    console.activity().reloaded(List.of()); // an event for the stream to replay at once

    clock.move(Console.IDLE.minusSeconds(1));
    assertThat(send(to("/plugins").header("Cookie", cookie).header("X-Console-Refresh", "1"))
        .statusCode()).as("a refresh the page made by itself").isEqualTo(200);
    HttpResponse<Stream<String>> stream = client.send(to("/api/events").header("Cookie", cookie)
        .build(), HttpResponse.BodyHandlers.ofLines());
    assertThat(stream.statusCode()).isEqualTo(200);
    Iterator<String> lines = stream.body().iterator();
    assertThat(lines.next()).isEqualTo("id: 1");
    clock.move(Duration.ofSeconds(1));

    assertThat(send(to("/plugins").header("Cookie", cookie)).statusCode())
        .as("neither was use").isEqualTo(303);
    console.activity().reloaded(List.of("after the session"));
    List<String> rest = new ArrayList<>();
    lines.forEachRemaining(rest::add);
    assertThat(rest).as("the open stream ended without the later event")
        .noneMatch(line -> line.contains("after the session"));
  }

  @Test
  void theSignInLimitEndsWithItsMinute() throws Exception {
    for (int i = 0; i < Console.MAX_FAILURES; i++) {
      assertThat(signIn("wrong").statusCode()).isEqualTo(401);
    }
    clock.move(Duration.ofSeconds(20));

    HttpResponse<String> refused = signIn(TOKEN);
    assertThat(refused.statusCode()).isEqualTo(429);
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("41");

    clock.move(Console.WINDOW.minusSeconds(20));
    assertThat(signIn(TOKEN).statusCode()).isEqualTo(200);
  }
}
