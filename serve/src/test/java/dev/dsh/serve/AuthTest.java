package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every path but the probes needs the bearer token; the 401 says where it is, never what. */
class AuthTest {

  private static final String ROTATED = "rotated-token-9876543210fedcba9876543210fedcba";

  @TempDir Path home;
  private SearchProStub stub;
  private ServedHost served;

  @BeforeEach
  void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() {
    served.close();
    stub.close();
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
  void theProbesNeedNoToken() {
    assertThat(served.send(HttpRequest.newBuilder(served.url("/healthz")).build()).statusCode())
        .isEqualTo(200);
    assertThat(served.send(HttpRequest.newBuilder(served.url("/readyz")).build()).statusCode())
        .isEqualTo(200);
  }
}
