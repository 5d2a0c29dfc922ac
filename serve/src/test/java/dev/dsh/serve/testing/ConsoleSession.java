package dev.dsh.serve.testing;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A console sign-in for the tests: the session cookie and CSRF token that {@code POST
 * /api/session} gave, and requests that carry them as a browser would (no bearer token).
 */
public record ConsoleSession(ServedHost served, String cookie, String csrf) {

  private static final Pattern CSRF = Pattern.compile("\"csrf\":\"([^\"]+)\"");

  /** Signs in to {@code served} with its token. */
  public static ConsoleSession signIn(ServedHost served) {
    return signIn(served, ServedHost.TOKEN);
  }

  /** Signs in to {@code served} with {@code token} (the one its token file holds now). */
  public static ConsoleSession signIn(ServedHost served, String token) {
    HttpResponse<String> response = served.send(signInRequest(served, token));
    if (response.statusCode() != 200) {
      throw new AssertionError("sign-in: " + response.statusCode() + " " + response.body());
    }
    String cookie = response.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
    Matcher csrf = CSRF.matcher(response.body());
    if (!csrf.find()) {
      throw new AssertionError("no csrf in " + response.body());
    }
    return new ConsoleSession(served, cookie, csrf.group(1));
  }

  /** {@code POST /api/session} with {@code token}, without the bearer header. */
  public static HttpRequest signInRequest(ServedHost served, String token) {
    return HttpRequest.newBuilder(served.url("/api/session")).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"token\":\"" + token + "\"}")).build();
  }

  /** A request to {@code path} with the session cookie only (add the CSRF header for changes). */
  public HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(served.url(path)).header("Cookie", cookie)
        .timeout(Duration.ofSeconds(30));
  }

  /** {@link #request} with the CSRF token too. */
  public HttpRequest.Builder changing(String path) {
    return request(path).header("X-CSRF-Token", csrf);
  }

  /** {@code GET path} with the cookie. */
  public HttpResponse<String> get(String path) {
    return served.send(request(path).GET().build());
  }
}
