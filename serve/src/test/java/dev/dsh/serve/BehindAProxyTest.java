package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --allowed-host} and {@code --trusted-proxy}: the names a proxy sends pass the Host and
 * Origin checks, on any bind address; a trusted proxy's forwarded headers give the client's
 * address (sign-in limiter, access log) and scheme (the cookie's {@code Secure}); anyone else's
 * forwarded headers are ignored.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BehindAProxyTest {

  private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
      + "\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
      + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}";

  private SearchProStub stub;
  private ServedHost proxied;
  private ServedHost plain;

  @BeforeAll
  void serve(@TempDir Path proxiedHome, @TempDir Path plainHome) {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    proxied = ServedHost.start(proxiedHome, stub.baseUrl(), "", o -> new ServeOptions("0.0.0.0",
        0, true, o.tokenFile(), o.tlsKeystore(), o.accessLog(), o.drainDeadline(),
        o.maxSessions(), o.sessionIdle(), List.of("DSH.example", "lb.example:8443"),
        List.of("127.0.0.0/8")));
    plain = ServedHost.start(plainHome, stub.baseUrl(), "", o -> new ServeOptions("0.0.0.0", 0,
        true, o.tokenFile(), o.tlsKeystore(), o.accessLog(), o.drainDeadline(), o.maxSessions(),
        o.sessionIdle(), List.of(), List.of()));
  }

  @AfterAll
  void stop() {
    proxied.close();
    plain.close();
    stub.close();
  }

  @Test
  void anAllowedNamePassesOnAnyPortAndANameWithAPortOnThatPortOnly() {
    int port = proxied.server().url().getPort();

    assertThat(mcp(proxied, "dsh.example", null)).startsWith("HTTP/1.1 200 ");
    assertThat(mcp(proxied, "Dsh.Example:8080", null)).startsWith("HTTP/1.1 200 ");
    assertThat(mcp(proxied, "lb.example:8443", null)).startsWith("HTTP/1.1 200 ");
    assertThat(mcp(proxied, "localhost:" + port, null)).startsWith("HTTP/1.1 200 ");
    for (String other : List.of("lb.example", "lb.example:80", "rebound.example:" + port)) {
      assertThat(mcp(proxied, other, null)).as(other).startsWith("HTTP/1.1 421 ")
          .contains("the Host header must name this server: localhost:" + port)
          .contains("dsh.example (any port), lb.example:8443")
          .contains("a proxy's name is allowed with --allowed-host");
    }
  }

  @Test
  void theAllowedNamesOriginsPassOverHttpAndHttpsAndAForeignOneIs403() {
    assertThat(mcp(proxied, "dsh.example", "https://dsh.example")).startsWith("HTTP/1.1 200 ");
    assertThat(mcp(proxied, "dsh.example", "http://lb.example:8080"))
        .startsWith("HTTP/1.1 200 ");
    assertThat(mcp(proxied, "dsh.example", "https://evil.example"))
        .startsWith("HTTP/1.1 403 ").doesNotContain("evil.example");
  }

  @Test
  void withoutAllowedHostsEveryAddressKeepsTodaysRuleAnyHostAndLoopbackOrigins() {
    assertThat(mcp(plain, "rebound.example", null)).startsWith("HTTP/1.1 200 ");
    assertThat(mcp(plain, "dsh.example", "https://dsh.example")).startsWith("HTTP/1.1 403 ");
  }

  @Test
  void theLimiterCountsEachClientBehindATrustedProxyAndTheLogShowsIt() {
    for (int i = 0; i < 5; i++) {
      assertThat(signIn(proxied, "wrong", "203.0.113.7", null)).startsWith("HTTP/1.1 401 ");
    }

    assertThat(signIn(proxied, "wrong", "203.0.113.7", null)).startsWith("HTTP/1.1 429 ");
    assertThat(signIn(proxied, "wrong", "198.51.100.2", null)).startsWith("HTTP/1.1 401 ");
    assertThat(proxied.log())
        .anyMatch(line -> line.matches("http 203\\.0\\.113\\.7 POST /api/session 429 \\d+ms"));
  }

  @Test
  void theCookieIsSecureWhenTheClientSpokeHttpsToATrustedProxy() {
    assertThat(cookie(signIn(proxied, ServedHost.TOKEN, "192.0.2.1", "https")))
        .endsWith("; Secure");
    assertThat(cookie(signIn(proxied, ServedHost.TOKEN, "192.0.2.1", "http")))
        .doesNotContain("Secure");
  }

  @Test
  void forwardedHeadersFromAnUntrustedPeerAreIgnored() {
    assertThat(cookie(signIn(plain, ServedHost.TOKEN, "192.0.2.1", "https")))
        .doesNotContain("Secure");
    for (int i = 0; i < 5; i++) {
      assertThat(signIn(plain, "wrong", "203.0.113." + i, null)).startsWith("HTTP/1.1 401 ");
    }

    // Another address in X-Forwarded-For changes nothing: the peer is still 127.0.0.1.
    assertThat(signIn(plain, "wrong", "198.51.100.9", null)).startsWith("HTTP/1.1 429 ");
    assertThat(plain.log()).noneMatch(line -> line.contains("198.51.100.9"));
  }

  private static String mcp(ServedHost served, String host, @Nullable String origin) {
    return served.raw("POST /mcp HTTP/1.1\r\nHost: " + host + "\r\n"
        + (origin == null ? "" : "Origin: " + origin + "\r\n")
        + "Authorization: Bearer " + ServedHost.TOKEN + "\r\nContent-Type: application/json\r\n"
        + "Accept: application/json, text/event-stream\r\nContent-Length: "
        + INITIALIZE.getBytes(StandardCharsets.UTF_8).length + "\r\nConnection: close\r\n\r\n"
        + INITIALIZE);
  }

  private static String signIn(ServedHost served, String token, String client,
      @Nullable String proto) {
    String body = "{\"token\":\"" + token + "\"}";
    return served.raw("POST /api/session HTTP/1.1\r\nHost: dsh.example\r\n"
        + "X-Forwarded-For: " + client + "\r\n"
        + (proto == null ? "" : "X-Forwarded-Proto: " + proto + "\r\n")
        + "Content-Type: application/json\r\nContent-Length: " + body.length()
        + "\r\nConnection: close\r\n\r\n" + body);
  }

  private static String cookie(String answer) {
    return answer.lines().filter(line -> line.startsWith("Set-Cookie: ")).findFirst()
        .orElseThrow(() -> new AssertionError("no cookie in " + answer));
  }
}
