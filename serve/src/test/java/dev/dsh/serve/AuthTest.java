package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.Canary;
import dev.dsh.serve.testing.ConsoleSession;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Every path but the probes needs the bearer token; the 401 says where it is, never what. */
class AuthTest {

  private static final String ROTATED = "rotated-token-9876543210fedcba9876543210fedcba";

  @RegisterExtension
  static final SearchProStub STUB = SearchProStub.answering(SearchProAnswers.onePage("a"));

  @TempDir static Path home;
  private static ServedHost served;

  @BeforeAll
  static void serve() {
    served = ServedHost.start(home, STUB.baseUrl(), "");
  }

  @AfterAll
  static void stop() {
    served.close();
  }

  /** One server for the class: each test leaves its token file as it found it. */
  @AfterEach
  void restoreToken() throws Exception {
    served.rotateToken(ServedHost.TOKEN);
    Files.setPosixFilePermissions(served.tokenFile(), PosixFilePermissions.fromString("rw-------"));
    served.get("/api/status"); // read again now, so the next test starts from a known state
  }

  @Test
  void aRequestWithoutATokenIs401SayingWhereTheTokenIs() {
    HttpResponse<String> response =
        served.send(HttpRequest.newBuilder(served.url("/api/status")).build());

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("application/json"));
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"UNAUTHORIZED\",\"message\":"
        + "\"no bearer token: send 'Authorization: Bearer <token>' with the token in the"
        + " server's file " + served.tokenFile() + "\"}}");
  }

  @Test
  void aWrongTokenIs401AndTheRightTokenPasses() {
    HttpResponse<String> wrong = served.send(HttpRequest.newBuilder(served.url("/api/status"))
        .header("Authorization", "Bearer " + ServedHost.TOKEN + "x").build());
    HttpResponse<String> basic = served.send(HttpRequest.newBuilder(served.url("/api/status"))
        .header("Authorization", "Basic " + ServedHost.TOKEN).build());
    HttpResponse<String> right = served.get("/no-such-endpoint");

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
    assertThat(served.get("/no-such-endpoint").statusCode()).isEqualTo(404);

    served.rotateToken(ROTATED);

    assertThat(served.get("/no-such-endpoint").statusCode()).as("the old token").isEqualTo(401);
    HttpResponse<String> fresh = served.send(HttpRequest.newBuilder(served.url("/nowhere"))
        .header("Authorization", "Bearer " + ROTATED).build());
    assertThat(fresh.statusCode()).as("the new token").isEqualTo(404);
  }

  @Test
  void aTokenFileEmptiedUnderTheServerRefusesEveryRequestAndSaysSoInTheLog() {
    served.rotateToken("");

    assertThat(served.get("/no-such-endpoint").statusCode()).isEqualTo(401);
    assertThat(served.log()).contains("the token file " + served.tokenFile() + " is empty: give"
        + " one token of 32 printable ASCII characters or more, such as the output of 'openssl"
        + " rand -base64 32'; every request is refused until it holds a token");
  }

  @Test
  void aMissingTokenFileRefusesEveryRequestSayingTheServerHasNoTokenAndReadinessSaysWhy()
      throws Exception {
    ConsoleSession session = ConsoleSession.signIn(served);
    Files.delete(served.tokenFile());

    HttpResponse<String> bearer = served.get("/api/status");
    HttpResponse<String> cookie = session.get("/api/status");
    HttpResponse<String> signIn =
        served.send(ConsoleSession.signInRequest(served, ServedHost.TOKEN));
    HttpResponse<String> notReady = probe("/readyz");
    served.rotateToken(ROTATED);
    HttpResponse<String> ready = probe("/readyz");
    HttpResponse<String> back = served.send(HttpRequest.newBuilder(served.url("/api/status"))
        .header("Authorization", "Bearer " + ROTATED).build());

    String why = "the server has no token: the token file " + served.tokenFile()
        + " does not exist: write a token of 32 characters or more into it";
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
    Canary.nowhere(List.of(bearer, cookie, signIn, notReady, ready, back), served.log(),
        ServedHost.TOKEN, ROTATED, ServedHost.KEY);
  }

  @Test
  void aTokenFileItsGroupOrOthersCanReadIsUsedWithOneWarningNamingItAndTheFix()
      throws Exception {
    Path file = served.tokenFile();
    List<String> before = warnings();
    List<HttpResponse<String>> answers = new ArrayList<>();
    answers.add(served.get("/api/status"));
    List<String> ownerOnly = warnings();

    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    for (int i = 0; i < 3; i++) {
      answers.add(served.get("/api/status"));
    }
    served.rotateToken(ROTATED); // read again, the permissions unchanged: nothing more said
    answers.add(served.send(HttpRequest.newBuilder(served.url("/api/status"))
        .header("Authorization", "Bearer " + ROTATED).build()));

    assertThat(ownerOnly).isEqualTo(before);
    assertThat(answers).extracting(HttpResponse::statusCode)
        .containsExactly(200, 200, 200, 200, 200);
    assertThat(warnings().subList(before.size(), warnings().size())).containsExactly(
        "warning: token file " + file + " is accessible by"
        + " its group and others (permissions rw-r--r--); it holds secrets and should be"
        + " readable by you only: chmod 600 " + file);
    Canary.nowhere(answers, served.log(), ServedHost.TOKEN, ROTATED, ServedHost.KEY);
  }

  private List<String> warnings() {
    return served.log().stream().filter(line -> line.startsWith("warning: token file")).toList();
  }

  private HttpResponse<String> probe(String path) {
    return served.send(HttpRequest.newBuilder(served.url(path)).build());
  }

  @Test
  void theProbesNeedNoToken() {
    assertThat(served.send(HttpRequest.newBuilder(served.url("/healthz")).build()).statusCode())
        .isEqualTo(200);
    assertThat(served.send(HttpRequest.newBuilder(served.url("/readyz")).build()).statusCode())
        .isEqualTo(200);
  }
}
