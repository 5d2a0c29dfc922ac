package dev.dsh.serve.internal.console;

import dev.dsh.host.json.Json;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeToken;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code /api/session}: sign in with the token, the state with its CSRF token, sign out. Past
 * {@value #MAX_FAILURES} wrong tokens within {@link #WINDOW}, an address (of 10,000) waits.
 */
final class SessionServlet extends HttpServlet {

  static final int MAX_FAILURES = 5;
  static final Duration WINDOW = Duration.ofMinutes(1);

  private record Failures(Instant start, int count) {}

  private final transient Map<String, Failures> failures = new LinkedHashMap<>(); // guarded by this
  private final transient Console sessions;
  private final transient ServeToken token;
  private final transient Clock clock;

  SessionServlet(Console sessions, ServeToken token, Clock clock) {
    this.sessions = sessions;
    this.token = token;
    this.clock = clock;
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String address = request.getRemoteAddr();
    long wait = retryAfter(address);
    if (wait > 0) {
      response.setHeader("Retry-After", Long.toString(wait));
      ApiReplies.error(response, 429, "TOO_MANY_ATTEMPTS", "too many wrong tokens from this"
          + " address: try again in " + wait + " s");
      return;
    }
    JsonNode presented; // the stack caps the body
    try {
      presented = Json.MAPPER.readTree(request.getInputStream()).path("token");
    } catch (JacksonException e) {
      presented = null;
    }
    if (presented == null || !presented.isString()) {
      ApiReplies.error(response, 400, "BAD_REQUEST",
          "the body must be JSON {\"token\": \"<the server's token>\"}");
    } else if (!token.matches(presented.asString())) {
      Optional<String> noToken = token.problem();
      if (noToken.isEmpty()) {
        failed(address);
      }
      ApiReplies.error(response, 401, "UNAUTHORIZED",
          noToken.orElse("that is not the server's token; it is in " + token.where()));
    } else {
      Console.Session session = sessions.open(presented.asString());
      response.addHeader("Set-Cookie", cookie(session.id(), request.isSecure(), false));
      ApiReplies.json(response, 200, Json.MAPPER.createObjectNode().put("csrf", session.csrf())
          .put("expiresInSeconds", Console.IDLE.toSeconds()).toString());
    }
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<Console.Session> session = Optional.ofNullable(
        PageServlet.cookie(request, Console.COOKIE)).flatMap(id -> sessions.use(id, true));
    ApiReplies.json(response, 200, session.map(s -> Json.MAPPER.createObjectNode()
        .put("signedIn", true).put("csrf", s.csrf())).orElseGet(() -> Json.MAPPER
            .createObjectNode().put("signedIn", false)).toString());
  }

  /** Reached only signed in with the CSRF token, or with the bearer token (then a no-op). */
  @Override
  protected void doDelete(HttpServletRequest request, HttpServletResponse response) {
    if (request.getAttribute(Console.SESSION) instanceof Console.Session session) {
      sessions.close(session.id());
    }
    response.addHeader("Set-Cookie", cookie("", request.isSecure(), true));
    response.setStatus(204);
  }

  /** The seconds {@code address} must wait to sign in again; 0: none. */
  private synchronized long retryAfter(String address) {
    Instant now = clock.instant();
    Failures seen = failures.computeIfPresent(address,
        (key, window) -> window.start().plus(WINDOW).isAfter(now) ? window : null);
    return seen == null || seen.count() < MAX_FAILURES ? 0
        : Math.max(1, Duration.between(now, seen.start().plus(WINDOW)).toSeconds() + 1);
  }

  /** Counts a wrong token: the address's window starts at its first failure. */
  private synchronized void failed(String address) {
    failures.merge(address, new Failures(clock.instant(), 1),
        (seen, one) -> new Failures(seen.start(), seen.count() + 1));
    if (failures.size() > 10_000) {
      failures.remove(failures.keySet().iterator().next());
    }
  }

  private static String cookie(String value, boolean secure, boolean clear) {
    return Console.COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict"
        + (secure ? "; Secure" : "") + (clear ? "; Max-Age=0" : "");
  }
}
