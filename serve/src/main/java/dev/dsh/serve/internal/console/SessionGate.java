package dev.dsh.serve.internal.console;

import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.BearerAuth;
import dev.dsh.serve.internal.http.ServeToken;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The console's sign-in sessions and the handler in front of {@link BearerAuth} that reads them.
 * A request with the session cookie passes as {@link BearerAuth#CREDENTIAL} (a change only with
 * its session's {@code X-CSRF-Token}); the sign-in page, the static files and the sign-in endpoint
 * pass with none; a page asked for without one is sent to the sign-in page; a bearer token, and
 * every {@code /mcp} request, is left to {@link BearerAuth}. It reads no body.
 *
 * <p>Sessions live in memory (a restart signs everyone out): a random 256-bit id (the cookie)
 * with its own CSRF token, ended by sign-out, after {@link #IDLE} without use (only what the user
 * does renews one), or once the server's token is not the one it signed in with (it keeps that
 * token's digest). Past {@value #MAX_FAILURES} failed sign-ins from an address within {@link
 * #WINDOW}, that address waits for the window's end (10,000 addresses at most are remembered).
 * All is checked on each look and swept at each sign-in: no thread.
 */
final class SessionGate extends Handler.Wrapper {

  static final String COOKIE = "dsh_session";
  static final Duration IDLE = Duration.ofHours(12);
  static final int MAX_FAILURES = 5;
  static final Duration WINDOW = Duration.ofMinutes(1);

  /** The request attribute holding the signed-in {@link Session}. */
  static final String SESSION = "dev.dsh.serve.console.session";

  private static final Set<String> CHANGING = Set.of("POST", "PUT", "DELETE", "PATCH");

  /** A session; {@code token} is the {@link ServeToken#digest} of the token it signed in with. */
  record Session(String id, String csrf, Instant used, byte[] token) {
    @Override
    public String toString() {
      return "Session[used=" + used + "]"; // the id and the CSRF token are secrets
    }
  }

  private record Failures(Instant start, int count) {}

  private final SecureRandom random = new SecureRandom();
  private final ConcurrentHashMap<String, Session> open = new ConcurrentHashMap<>();
  private final Map<String, Failures> failures = new LinkedHashMap<>(); // guarded by this
  private final Clock clock;
  private final ServeToken token;

  SessionGate(Clock clock, ServeToken token) {
    this.clock = clock;
    this.token = token;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String path = Request.getPathInContext(request);
    String method = request.getMethod();
    if (request.getHeaders().contains(HttpHeader.AUTHORIZATION) || path.equals("/mcp")) {
      return super.handle(request, response, callback);
    }
    if (path.equals(PageServlet.LOGIN) || path.startsWith("/console/")
        || path.equals("/api/session") && (method.equals("GET") || method.equals("POST"))) {
      request.setAttribute(BearerAuth.LET_THROUGH, Boolean.TRUE);
      return super.handle(request, response, callback);
    }
    // Not the event stream, nor a refresh the page makes by itself: a tab left open expires.
    boolean used = !path.equals("/api/events") && !request.getHeaders().contains("X-Console-Refresh");
    Optional<Session> session = Request.getCookies(request).stream()
        .filter(c -> c.getName().equals(COOKIE)).findFirst()
        .flatMap(cookie -> use(cookie.getValue(), used));
    if (session.isPresent()) {
      String sent = request.getHeaders().get("X-CSRF-Token");
      if (CHANGING.contains(method) && (sent == null || !MessageDigest.isEqual(
          sent.getBytes(StandardCharsets.UTF_8),
          session.get().csrf().getBytes(StandardCharsets.UTF_8)))) {
        ApiReplies.error(response, callback, 403, "CSRF", "a change made with the session"
            + " cookie needs the header X-CSRF-Token with the session's token (GET /api/session)");
        return true;
      }
      request.setAttribute(BearerAuth.CREDENTIAL, Boolean.TRUE);
      request.setAttribute(SESSION, session.get());
    } else if (!path.equals(PageServlet.LOGIN) && PageServlet.page(path).isPresent()
        && (method.equals("GET") || method.equals("HEAD"))) {
      String query = request.getHttpURI().getQuery();
      Response.sendRedirect(request, response, callback, 303, PageServlet.LOGIN + "?next="
          + URLEncoder.encode(query == null ? path : path + "?" + query, StandardCharsets.UTF_8),
          true);
      return true;
    }
    return super.handle(request, response, callback);
  }

  /** A new session signed in with the server's token; the expired and the stale go first. */
  Session open(String signedInWith) {
    Instant now = clock.instant();
    byte[] digest = ServeToken.digest(signedInWith);
    open.values().removeIf(session -> !session.used().plus(IDLE).isAfter(now)
        || !MessageDigest.isEqual(session.token(), digest));
    Session session = new Session(random(), random(), now, digest);
    open.put(session.id(), session);
    return session;
  }

  /** The live session {@code id}, marked used now if {@code used}. */
  Optional<Session> use(String id, boolean used) {
    Instant now = clock.instant();
    Session found = open.get(id);
    if (found != null
        && (!found.used().plus(IDLE).isAfter(now) || !token.matchesDigest(found.token()))) {
      open.remove(id, found);
      return Optional.empty();
    }
    return Optional.ofNullable(open.computeIfPresent(id, (key, session) ->
        used ? new Session(key, session.csrf(), now, session.token()) : session));
  }

  void close(String id) {
    open.remove(id);
  }

  /** The seconds {@code address} must wait before its next sign-in; empty when it may try now. */
  synchronized OptionalLong retryAfter(String address) {
    Failures seen = failures(address);
    return seen == null || seen.count() < MAX_FAILURES ? OptionalLong.empty()
        : OptionalLong.of(Math.max(1,
            Duration.between(clock.instant(), seen.start().plus(WINDOW)).toSeconds() + 1));
  }

  /** {@code address} gave a wrong token. */
  synchronized void failed(String address) {
    Failures seen = failures(address);
    failures.put(address, seen == null ? new Failures(clock.instant(), 1)
        : new Failures(seen.start(), seen.count() + 1));
    if (failures.size() > 10_000) {
      failures.remove(failures.keySet().iterator().next());
    }
  }

  private Failures failures(String address) {
    Failures seen = failures.get(address);
    if (seen != null && !seen.start().plus(WINDOW).isAfter(clock.instant())) {
      failures.remove(address);
      return null;
    }
    return seen;
  }

  private String random() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
