package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TRACE, and any method a path does not serve, is {@code 405} everywhere, with or without a
 * credential, and never echoes the request's {@code Authorization} or {@code Cookie}.
 */
class UnservedMethodsTest {

  private static final String COOKIE = "canary-cookie-5d1f0a";
  private static final String REFUSED = "{\"error\":{\"code\":\"METHOD_NOT_ALLOWED\",\"message\":"
      + "\"method not allowed: the path does not answer that method\"}}";

  @TempDir Path home;
  private SearchProStub stub;
  private ServedHost served;

  @BeforeEach
  void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() {
    served.close();
    stub.close();
  }

  @Test
  void traceIs405OnEveryPathAndEchoesNeitherTheTokenNorTheCookie() {
    for (String path : List.of("/login", "/mcp", "/api/status", "/", "/console/app.js",
        "/healthz", "/nowhere")) {
      String withToken = served.raw("TRACE " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
          + "Authorization: Bearer " + ServedHost.TOKEN + "\r\nCookie: dsh_session=" + COOKIE
          + "\r\nConnection: close\r\n\r\n");
      String withCookieOnly = served.raw("TRACE " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
          + "Cookie: dsh_session=" + COOKIE + "\r\nConnection: close\r\n\r\n");

      for (String answer : List.of(withToken, withCookieOnly)) {
        assertThat(answer).as(path).startsWith("HTTP/1.1 405 ").endsWith("\r\n\r\n" + REFUSED)
            .doesNotContain(ServedHost.TOKEN, COOKIE).contains("X-Frame-Options: DENY");
      }
    }
  }

  @Test
  void aMethodNoPathServesIs405WithOrWithoutACredential() {
    String token = "Authorization: Bearer " + ServedHost.TOKEN + "\r\n";
    for (String request : List.of("OPTIONS /login", "OPTIONS /mcp", "PATCH /api/status",
        "BREW /mcp")) {
      assertRefused(request, "");
      assertRefused(request + " with the token", token);
    }
  }

  @Test
  void aMethodAPathDoesNotServeIs405ToWhoeverMayUseThePath() {
    for (String request : List.of("DELETE /login", "PUT /login", "POST /healthz")) {
      assertRefused(request, "");
    }
    for (String request : List.of("PUT /api/status", "POST /metrics", "DELETE /api/search")) {
      assertRefused(request + " with the token",
          "Authorization: Bearer " + ServedHost.TOKEN + "\r\n");
    }
  }

  private void assertRefused(String request, String credential) {
    String line = String.join(" ", List.of(request.split(" ")).subList(0, 2));
    String answer = served.raw(line + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + credential
        + "Cookie: dsh_session=" + COOKIE + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");

    assertThat(answer).as(request).startsWith("HTTP/1.1 405 ")
        .contains("\r\n\r\n{\"error\":{\"code\":\"METHOD_NOT_ALLOWED\",\"message\":\"")
        .doesNotContain(ServedHost.TOKEN, COOKIE).contains("X-Frame-Options: DENY");
  }
}
