package dev.dsh.serve.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.Canary;
import dev.dsh.serve.testing.ConsoleSession;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's sign-in session, its CSRF token, sign-out and the attempt limit. */
class ConsoleSignInTest {

  private static final String ROTATED = "rotated-token-9876543210fedcba9876543210fedcba";

  // One server for the tests that leave it as they found it (one wrong token is under the
  // limit); the limit's test and the rotation's start their own.
  @TempDir static Path home;
  private static SearchProStub stub;
  private static ServedHost served;

  @BeforeAll
  static void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterAll
  static void stop() {
    served.close();
    stub.close();
  }

  @Test
  void signingInSetsAStrictHttpOnlyCookieThatOpensTheApi() {
    HttpResponse<String> response =
        served.send(ConsoleSession.signInRequest(served, ServedHost.TOKEN));

    assertThat(response.statusCode()).isEqualTo(200);
    String cookie = response.headers().firstValue("Set-Cookie").orElseThrow();
    assertThat(cookie).matches("dsh_session=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict");
    assertThat(response.body()).matches(
        "\\{\"csrf\":\"[A-Za-z0-9_-]{43}\",\"expiresInSeconds\":43200}\n");
    ConsoleSession session = ConsoleSession.signIn(served);
    assertThat(session.get("/api/session").body())
        .isEqualTo("{\"signedIn\":true,\"csrf\":\"" + session.csrf() + "\"}\n");
    assertThat(session.get("/api/status").statusCode()).isEqualTo(200);
    assertThat(session.get("/metrics").statusCode()).isEqualTo(200);
    HttpResponse<String> anonymous =
        served.send(HttpRequest.newBuilder(served.url("/api/session")).build());
    assertThat(anonymous.body()).isEqualTo("{\"signedIn\":false}\n");
    assertThat(served.send(HttpRequest.newBuilder(served.url("/api/status")).build())
        .statusCode()).isEqualTo(401);
  }

  @Test
  void aWrongTokenIs401SayingWhereTheTokenIsAndSetsNoCookie() {
    HttpResponse<String> response =
        served.send(ConsoleSession.signInRequest(served, ServedHost.TOKEN + "x"));
    HttpResponse<String> noToken = served.send(HttpRequest.newBuilder(served.url("/api/session"))
        .POST(HttpRequest.BodyPublishers.ofString("{\"token\": 7}")).build());

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":"
        + "\"that is not the server's token; it is in the server's home as serve-token, or the"
        + " file given by --token-file\"}}\n");
    assertThat(response.headers().firstValue("Set-Cookie")).isEmpty();
    assertThat(noToken.statusCode()).isEqualTo(400);
    assertThat(noToken.body()).contains("BAD_REQUEST", "{\\\"token\\\"");
  }

  @Test
  void pastFiveFailuresAMinuteTheAddressGets429WithRetryAfterEvenWithTheRightToken(
      @TempDir Path own) {
    alone(own, ConsoleSignInTest::limited);
  }

  private static void limited(ServedHost served) {
    for (int i = 0; i < 5; i++) {
      assertThat(served.send(ConsoleSession.signInRequest(served, "wrong-" + i)).statusCode())
          .as("failure %d", i + 1).isEqualTo(401);
    }

    HttpResponse<String> sixth =
        served.send(ConsoleSession.signInRequest(served, ServedHost.TOKEN));

    assertThat(sixth.statusCode()).isEqualTo(429);
    assertThat(sixth.body()).startsWith("{\"error\":{\"code\":\"TOO_MANY_ATTEMPTS\",");
    assertThat(sixth.headers().firstValue("Retry-After").map(Integer::parseInt))
        .hasValueSatisfying(seconds -> assertThat(seconds).isBetween(1, 61));
    assertThat(sixth.headers().firstValue("Set-Cookie")).isEmpty();
    // the bearer token is not limited: scripts go on
    assertThat(served.get("/api/status").statusCode()).isEqualTo(200);
  }

  @Test
  void aChangeWithTheCookieNeedsTheCsrfTokenAndABearerRequestNeedsNone() {
    ConsoleSession session = ConsoleSession.signIn(served);
    int before = stub.requestCount();
    String body = "{\"query\": \"tea\"}";

    HttpResponse<String> without = served.send(session.request("/api/search")
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    HttpResponse<String> wrong = served.send(session.request("/api/search")
        .header("Content-Type", "application/json").header("X-CSRF-Token", "x" + session.csrf())
        .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    HttpResponse<String> with = served.send(session.changing("/api/search")
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build());
    HttpResponse<String> bearer = served.postJson("/api/search", body);

    assertThat(without.statusCode()).isEqualTo(403);
    assertThat(without.body()).startsWith("{\"error\":{\"code\":\"CSRF\",\"message\":\"a change"
        + " made with the session cookie needs the header X-CSRF-Token");
    assertThat(wrong.statusCode()).isEqualTo(403);
    assertThat(with.statusCode()).isEqualTo(200);
    assertThat(with.body()).contains("\"url\":\"https://example.com/tea\"");
    assertThat(bearer.statusCode()).isEqualTo(200);
    assertThat(stub.requestCount() - before).as("only the two allowed searches ran")
        .isEqualTo(2);
  }

  @Test
  void mcpTakesTheBearerTokenOnly() {
    ConsoleSession session = ConsoleSession.signIn(served);

    HttpResponse<String> response = served.send(session.changing("/mcp")
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":1,"
            + "\"method\":\"ping\"}")).build());

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.body()).contains("no bearer token");
  }

  @Test
  void aRotatedTokenFileEndsTheSessionsSignedInWithTheOldTokenAtTheirNextRequest(
      @TempDir Path own) {
    alone(own, ConsoleSignInTest::rotated);
  }

  private static void rotated(ServedHost served) {
    ConsoleSession old = ConsoleSession.signIn(served);
    HttpResponse<String> before = setKey(old, "sk-before-rotation-5d1c");

    served.rotateToken(ROTATED);
    // The cookie's own request first: nothing else has read the rotated file yet.
    HttpResponse<String> after = setKey(old, "sk-after-rotation-8e2f");
    HttpResponse<String> page = old.get("/plugins");
    HttpResponse<String> state = old.get("/api/session");
    HttpResponse<String> oldBearer = served.get("/api/status");
    HttpResponse<String> newBearer = served.send(HttpRequest.newBuilder(
        served.url("/api/status")).header("Authorization", "Bearer " + ROTATED).build());
    HttpResponse<String> oldSignIn =
        served.send(ConsoleSession.signInRequest(served, ServedHost.TOKEN));
    ConsoleSession fresh = ConsoleSession.signIn(served, ROTATED);
    HttpResponse<String> renewed = setKey(fresh, "sk-new-session-3a7b");

    assertThat(before.statusCode()).as(before.body()).isEqualTo(204);
    assertThat(after.statusCode()).isEqualTo(401);
    assertThat(after.body()).startsWith("{\"error\":{\"code\":\"UNAUTHORIZED\",");
    assertThat(page.statusCode()).isEqualTo(303);
    assertThat(page.headers().firstValue("Location")).hasValueSatisfying(
        location -> assertThat(location).endsWith("/login?next=%2Fplugins"));
    assertThat(state.body()).isEqualTo("{\"signedIn\":false}\n");
    assertThat(oldBearer.statusCode()).isEqualTo(401);
    assertThat(oldBearer.body()).contains("wrong bearer token");
    assertThat(newBearer.statusCode()).isEqualTo(200);
    assertThat(oldSignIn.statusCode()).isEqualTo(401);
    assertThat(renewed.statusCode()).as(renewed.body()).isEqualTo(204);
    Canary.nowhere(List.of(before, after, page, state, oldBearer, newBearer, oldSignIn, renewed),
        served.log(), ServedHost.TOKEN, ROTATED, ServedHost.KEY);
  }

  /** Runs {@code test} on a server of its own: it changes what the other tests rely on. */
  private static void alone(Path home, Consumer<ServedHost> test) {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      test.accept(served);
    }
  }

  private static HttpResponse<String> setKey(ConsoleSession session, String value) {
    return session.served().send(session.changing("/api/credentials/ROTATION_TEST_KEY")
        .header("Content-Type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString("{\"value\": \"" + value + "\"}")).build());
  }

  @Test
  void signingOutEndsTheSessionAndClearsTheCookie() {
    ConsoleSession session = ConsoleSession.signIn(served);

    HttpResponse<String> noCsrf = served.send(session.request("/api/session").DELETE().build());
    assertThat(noCsrf.statusCode()).isEqualTo(403);
    assertThat(session.get("/api/session").body()).contains("\"signedIn\":true");

    HttpResponse<String> out = served.send(session.changing("/api/session").DELETE().build());

    assertThat(out.statusCode()).isEqualTo(204);
    assertThat(out.headers().firstValue("Set-Cookie")).hasValue(
        "dsh_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
    assertThat(session.get("/api/session").body()).isEqualTo("{\"signedIn\":false}\n");
    assertThat(session.get("/api/status").statusCode()).isEqualTo(401);
    assertThat(session.get("/plugins").statusCode()).isEqualTo(303);
  }
}
