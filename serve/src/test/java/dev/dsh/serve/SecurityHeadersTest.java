package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.testing.ServedHost;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every answer carries the security headers: pages, JSON, redirects, every error the handlers
 * write, a {@code 503} of the load limit, and the errors the connector answers before any handler
 * sees the request (a malformed request line, an unknown HTTP version, headers over their cap).
 */
class SecurityHeadersTest {

  private static final List<String> HEADERS = List.of(
      "Content-Security-Policy: default-src 'self'; frame-ancestors 'none'; base-uri 'none';"
          + " form-action 'self'\r\n",
      "X-Frame-Options: DENY\r\n",
      "X-Content-Type-Options: nosniff\r\n",
      "Referrer-Policy: no-referrer\r\n");
  private static final Duration BOUND = Duration.ofSeconds(30);

  @TempDir Path home;
  private SearchProStub stub;
  private ServedHost served;
  private final List<Socket> held = new ArrayList<>();

  @BeforeEach
  void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : held) {
      socket.close();
    }
    served.close();
    stub.close();
  }

  @Test
  void everyAnswerCarriesTheSecurityHeadersAlsoTheConnectorsOwnErrors() throws Exception {
    String host = "Host: 127.0.0.1\r\n";
    String token = "Authorization: Bearer " + ServedHost.TOKEN + "\r\n";
    String close = "Connection: close\r\n\r\n";
    Map<String, String> answers = new LinkedHashMap<>();
    answers.put("200 /api/status", get("/api/status", host + token + close));
    answers.put("200 /login", get("/login", host + close));
    answers.put("303", get("/plugins", host + close));
    answers.put("401", get("/api/status", host + close));
    answers.put("404", get("/nowhere", host + token + close));
    answers.put("405", served.raw("TRACE /login HTTP/1.1\r\n" + host + close));
    answers.put("413", served.raw("POST /api/search HTTP/1.1\r\n" + host + token
        + "Content-Type: application/json\r\nContent-Length: 2000000\r\n" + close));
    answers.put("400", served.raw("NOT A REQUEST LINE\r\n\r\n"));
    answers.put("505", served.raw("GET /api/status HTTP/9.9\r\n" + host + close));
    answers.put("431", get("/api/status", host + token + "X-Padding: " + "p".repeat(9 * 1024)
        + "\r\n" + close));
    answers.put("503", overloadedSignIn(host + close));

    answers.forEach((what, answer) -> assertThat(answer).as(what)
        .startsWith("HTTP/1.1 " + what.split(" ")[0] + " ").contains(HEADERS));
  }

  private String get(String path, String headers) {
    return served.raw("GET " + path + " HTTP/1.1\r\n" + headers);
  }

  /** A sign-in once the sign-ins' budget is held by clients that never send their bodies. */
  private String overloadedSignIn(String headers) throws Exception {
    URI url = served.server().url();
    for (int i = 0; i < Limits.DEFAULT.maxAnonymous(); i++) {
      Socket socket = new Socket(url.getHost(), url.getPort());
      held.add(socket);
      socket.getOutputStream().write(("POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n"
          + "Content-Length: 100\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    }
    long end = System.nanoTime() + BOUND.toNanos();
    String answer;
    do { // until the held sign-ins have taken every slot
      answer = served.raw("POST /api/session HTTP/1.1\r\nContent-Length: 2\r\n" + headers + "{}");
    } while (!answer.startsWith("HTTP/1.1 503 ") && System.nanoTime() < end);
    return answer;
  }
}
