package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.serve.testing.Canary;
import dev.dsh.serve.testing.ConsoleSession;
import dev.dsh.serve.testing.ServedHost;
import dev.dsh.serve.testing.ServedOnce;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Every path but the probes needs the bearer token; the 401 says where it is, never what. */
class AuthTest {

  private static final String ROTATED = "rotated-token-9876543210fedcba9876543210fedcba";

  @RegisterExtension static final ServedOnce SERVED = new ServedOnce();

  /** One server for the class: each test leaves its token file as it found it. */
  @AfterEach
  void restoreToken() throws Exception {
    SERVED.served().rotateToken(ServedHost.TOKEN);
    Files.setPosixFilePermissions(SERVED.served().tokenFile(), PosixFilePermissions.fromString("rw-------"));
    SERVED.served().get("/api/status"); // read again now, so the next test starts from a known state
  }

  @Test
  void aRequestWithoutATokenIs401SayingWhereTheTokenIs() {
    HttpResponse<String> response =
        SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/api/status")).build());

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("application/json"));
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":"
        + "\"no bearer token: send 'Authorization: Bearer <token>' with the token in the"
        + " server's home as serve-token, or the file given by --token-file\"}}");
    assertThat(response.body()).doesNotContain(SERVED.served().home().toString());
  }

  @Test
  void anAnswerWithoutACredentialClosesItsConnectionAndOneWithTheTokenKeepsIt() {
    // The server closes a connection that showed no credential 5 s after it opened: a client is
    // not invited to send its next request on one. The raw read ends only when the server closes.
    String refused = SERVED.served().raw("GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    HttpResponse<String> kept = SERVED.served().get("/api/status");

    assertThat(refused).startsWith("HTTP/1.1 401 ").contains("\r\nConnection: close\r\n");
    assertThat(kept.statusCode()).isEqualTo(200);
    assertThat(kept.headers().firstValue("Connection")).isEmpty();
  }

  @Test
  void aWrongTokenIs401AndTheRightTokenPasses() {
    HttpResponse<String> wrong = SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/api/status"))
        .header("Authorization", "Bearer " + ServedHost.TOKEN + "x").build());
    HttpResponse<String> basic = SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/api/status"))
        .header("Authorization", "Basic " + ServedHost.TOKEN).build());
    HttpResponse<String> right = SERVED.served().get("/no-such-endpoint");

    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(wrong.body()).contains("wrong bearer token").doesNotContain(ServedHost.TOKEN);
    assertThat(basic.statusCode()).isEqualTo(401);
    assertThat(basic.body()).contains("no bearer token");
    // Past the token check: the context's own answer, as JSON.
    assertThat(right.statusCode()).isEqualTo(404);
    assertThat(right.body()).startsWith("{\"error\":{\"code\":\"NOT_FOUND\",");
  }

  @Test
  void aRotatedTokenFileTakesEffectWithoutARestart() {
    assertThat(SERVED.served().get("/no-such-endpoint").statusCode()).isEqualTo(404);

    SERVED.served().rotateToken(ROTATED);

    assertThat(SERVED.served().get("/no-such-endpoint").statusCode()).as("the old token").isEqualTo(401);
    HttpResponse<String> fresh = SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/nowhere"))
        .header("Authorization", "Bearer " + ROTATED).build());
    assertThat(fresh.statusCode()).as("the new token").isEqualTo(404);
  }

  @Test
  void aTokenFileEmptiedUnderTheServerRefusesEveryRequestAndSaysSoInTheLog() {
    SERVED.served().rotateToken("");

    assertThat(SERVED.served().get("/no-such-endpoint").statusCode()).isEqualTo(401);
    assertThat(SERVED.served().log()).contains("the token file " + SERVED.served().tokenFile() + " is empty: give"
        + " one token of 32 printable ASCII characters or more, such as the output of 'openssl"
        + " rand -base64 32'; every request is refused until it holds a token");
  }

  @Test
  void aMissingTokenFileRefusesEveryRequestSayingTheServerHasNoTokenAndReadinessSaysWhy()
      throws Exception {
    ConsoleSession session = ConsoleSession.signIn(SERVED.served());
    Files.delete(SERVED.served().tokenFile());

    HttpResponse<String> bearer = SERVED.served().get("/api/status");
    HttpResponse<String> cookie = session.get("/api/status");
    HttpResponse<String> signIn =
        SERVED.served().send(ConsoleSession.signInRequest(SERVED.served(), ServedHost.TOKEN));
    HttpResponse<String> notReady = probe("/readyz");
    SERVED.served().rotateToken(ROTATED);
    HttpResponse<String> ready = probe("/readyz");
    HttpResponse<String> back = SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/api/status"))
        .header("Authorization", "Bearer " + ROTATED).build());

    String why = "the server has no usable token: its token file (in the server's home as"
        + " serve-token, or the file given by --token-file) is missing, unreadable or malformed;"
        + " the server's log says which, and the fix";
    assertThat(bearer.statusCode()).isEqualTo(401);
    assertThat(bearer.body())
        .isEqualTo("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":\"" + why + "\"}}");
    assertThat(cookie.statusCode()).isEqualTo(401);
    assertThat(cookie.body()).isEqualTo(bearer.body());
    assertThat(signIn.statusCode()).isEqualTo(401);
    assertThat(signIn.body()).contains(why);
    assertThat(signIn.headers().firstValue("Set-Cookie")).isEmpty();
    assertThat(notReady.statusCode()).isEqualTo(503);
    assertThat(notReady.body()).isEqualTo(why + "\n");
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(back.statusCode()).isEqualTo(200);
    assertThat(SERVED.served().log()).contains("the token file " + SERVED.served().tokenFile()
        + " does not exist: write a token of 32 characters or more into it; every request is"
        + " refused until it holds a token");
    Canary.nowhere(List.of(bearer, cookie, signIn, notReady, ready, back), SERVED.served().log(),
        ServedHost.TOKEN, ROTATED, ServedHost.KEY);
  }

  @Test
  void aTokenFileItsGroupOrOthersCanReadIsUsedWithOneWarningNamingItAndTheFix()
      throws Exception {
    Path file = SERVED.served().tokenFile();
    List<String> before = warnings();
    List<HttpResponse<String>> answers = new ArrayList<>();
    answers.add(SERVED.served().get("/api/status"));
    List<String> ownerOnly = warnings();

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    for (int i = 0; i < 3; i++) {
      answers.add(SERVED.served().get("/api/status"));
    }
    SERVED.served().rotateToken(ROTATED); // read again, the permissions unchanged: nothing more said
    answers.add(SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/api/status"))
        .header("Authorization", "Bearer " + ROTATED).build()));

    assertThat(ownerOnly).isEqualTo(before);
    assertThat(answers).extracting(HttpResponse::statusCode)
        .containsExactly(200, 200, 200, 200, 200);
    assertThat(warnings().subList(before.size(), warnings().size())).containsExactly(
        "warning: token file " + file + " is accessible by"
        + " its group and others (permissions rw-r--r--); it holds secrets and should be"
        + " readable by you only: chmod 600 " + file);
    Canary.nowhere(answers, SERVED.served().log(), ServedHost.TOKEN, ROTATED, ServedHost.KEY);
  }

  private List<String> warnings() {
    return SERVED.served().log().stream().filter(line -> line.startsWith("warning: token file")).toList();
  }

  private HttpResponse<String> probe(String path) {
    return SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url(path)).build());
  }

  @Test
  void theProbesNeedNoToken() {
    assertThat(SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/healthz")).build()).statusCode())
        .isEqualTo(200);
    assertThat(SERVED.served().send(HttpRequest.newBuilder(SERVED.served().url("/readyz")).build()).statusCode())
        .isEqualTo(200);
  }
}
