package dev.dsh.serve.internal.console;

import dev.dsh.host.json.Json;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.BearerAuth;
import dev.dsh.serve.internal.http.ServeToken;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.ee10.servlet.ResourceServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The console's pages, files, {@code /api/session} and {@code /api/events}, and, in front of
 * {@link BearerAuth}, its sessions: a random id (the cookie) with a CSRF token, in memory, ended by
 * sign-out, {@link #IDLE} unused or a new token; checked on each look, swept at each sign-in.
 */
public final class Console extends Handler.Wrapper implements AutoCloseable {

  static final String COOKIE = "dsh_session";
  static final Duration IDLE = Duration.ofHours(12);
  static final String SESSION = "dev.dsh.serve.console.session";
  static final int MAX_FAILURES = 5;
  static final Duration WINDOW = Duration.ofMinutes(1);

  /** A session; {@code token} is the {@link ServeToken#digest} of the token it signed in with. */
  record Session(String id, String csrf, Instant used, byte[] token) {
    @Override
    public String toString() {
      return "Session[used=" + used + "]"; // the id and the CSRF token are secrets
    }
  }

  private record Failures(Instant start, int count) {}

  private final ConcurrentHashMap<String, Session> open = new ConcurrentHashMap<>();
  private final Map<String, Failures> failures = new LinkedHashMap<>(); // guarded by itself
  private final Clock clock;
  private final ServeToken token;
  private final ConsoleEvents events;

  /** Mounts the console, whose sign-in takes {@code token}, its times by {@code clock}. */
  public Console(ServletContextHandler context, ServeToken token, Clock clock) {
    this.clock = clock;
    this.token = token;
    this.events = new ConsoleEvents(clock, this);
    context.addServlet(new ServletHolder(new SessionServlet()), "/api/session");
    ServletHolder stream = new ServletHolder(events);
    stream.setAsyncSupported(true);
    context.addServlet(stream, "/api/events");
    ServletHolder pages = new ServletHolder(new PageServlet());
    // servlet mappings: "" is the root alone, "/config/*" holds "/config"
    for (String path : new String[] {"", "/plugins", "/config/*", "/credentials", "/search",
        "/events", PageServlet.LOGIN}) {
      context.addServlet(pages, path);
    }
    // Found by a file of its own: the folder's name alone could be another jar's.
    String files = Objects.requireNonNull(Console.class.getResource(PageServlet.TEMPLATE),
        "the console's files are not in the jar").toExternalForm();
    ServletHolder statics = new ServletHolder("console-files", new ResourceServlet());
    statics.setInitParameter("baseResource", files.substring(0, files.lastIndexOf('/') + 1));
    statics.setInitParameter("pathInfoOnly", "true");
    statics.setInitParameter("dirAllowed", "false");
    statics.setInitParameter("etags", "true");
    statics.setAsyncSupported(true);
    context.addServlet(statics, "/console/*");
  }

  public ActivityListener activity() {
    return events;
  }

  public LifecycleListener lifecycle(LifecycleListener next) {
    return event -> {
      events.lifecycle(event);
      next.onEvent(event);
    };
  }

  @Override
  public void close() {
    events.close();
  }

  /**
   * Passes a session as {@link BearerAuth#CREDENTIAL} (a change only with its {@code
   * X-CSRF-Token}), the sign-in page and files as open; a page without a session goes to sign-in.
   */
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
    boolean used =
        !path.equals("/api/events") && !request.getHeaders().contains("X-Console-Refresh");
    Optional<Session> session = Request.getCookies(request).stream()
        .filter(c -> c.getName().equals(COOKIE)).findFirst()
        .flatMap(cookie -> use(cookie.getValue(), used));
    if (session.isPresent()) {
      String sent = request.getHeaders().get("X-CSRF-Token");
      boolean changing = !method.equals("GET") && !method.equals("HEAD"); // or POST, PUT, DELETE
      if (changing && (sent == null || !MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8),
          session.get().csrf().getBytes(StandardCharsets.UTF_8)))) {
        ApiReplies.error(response, callback, 403, "CSRF", "a change made with the session"
            + " cookie needs the header X-CSRF-Token with the session's token (GET /api/session)");
        return true;
      }
      request.setAttribute(BearerAuth.CREDENTIAL, Boolean.TRUE);
      request.setAttribute(SESSION, session.get());
    } else if (PageServlet.page(path).isPresent()
        && (method.equals("GET") || method.equals("HEAD"))) {
      String query = request.getHttpURI().getQuery();
      Response.sendRedirect(request, response, callback, 303, PageServlet.LOGIN + "?next="
          + URLEncoder.encode(query == null ? path : path + "?" + query, StandardCharsets.UTF_8),
          true);
      return true;
    }
    return super.handle(request, response, callback);
  }

  /** The live session {@code id}, marked used now if {@code used}. */
  Optional<Session> use(String id, boolean used) {
    Instant now = clock.instant();
    return Optional.ofNullable(open.computeIfPresent(id, (key, session) ->
        !session.used().plus(IDLE).isAfter(now) || !token.matchesDigest(session.token()) ? null
            : used ? new Session(key, session.csrf(), now, session.token()) : session));
  }

  /** The seconds {@code address} must wait to sign in again (0: none), counting a failure. */
  private long retryAfter(String address, boolean failed) {
    Instant now = clock.instant();
    synchronized (failures) {
      if (failed) { // the address's window starts at its first failure
        failures.merge(address, new Failures(now, 1),
            (seen, one) -> new Failures(seen.start(), seen.count() + 1));
        if (failures.size() > 10_000) {
          failures.remove(failures.keySet().iterator().next());
        }
      }
      Failures seen = failures.computeIfPresent(address,
          (key, window) -> window.start().plus(WINDOW).isAfter(now) ? window : null);
      return seen == null || seen.count() < MAX_FAILURES ? 0
          : Math.max(1, Duration.between(now, seen.start().plus(WINDOW)).toSeconds() + 1);
    }
  }

  private static String cookie(String value, boolean secure, boolean clear) {
    return COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict"
        + (secure ? "; Secure" : "") + (clear ? "; Max-Age=0" : "");
  }

  /**
   * {@code /api/session}: sign in with the token, the state with its CSRF token, sign out. Past
   * {@value #MAX_FAILURES} wrong tokens within {@link #WINDOW}, an address (of 10,000) waits.
   */
  private final class SessionServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      String address = request.getRemoteAddr();
      long wait = retryAfter(address, false);
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
          retryAfter(address, true);
        }
        ApiReplies.error(response, 401, "UNAUTHORIZED",
            noToken.orElse("that is not the server's token; it is in " + token.where()));
      } else { // a new session; the expired and the stale go first
        List.copyOf(open.keySet()).forEach(id -> use(id, false));
        Session session = new Session(ServeToken.random(), ServeToken.random(), clock.instant(),
            ServeToken.digest(presented.asString()));
        open.put(session.id(), session);
        response.addHeader("Set-Cookie", cookie(session.id(), request.isSecure(), false));
        ApiReplies.json(response, 200, Json.MAPPER.createObjectNode().put("csrf", session.csrf())
            .put("expiresInSeconds", IDLE.toSeconds()).toString());
      }
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      Optional<Session> session = Optional.ofNullable(PageServlet.cookie(request, COOKIE))
          .flatMap(id -> use(id, true));
      ApiReplies.json(response, 200, session.map(s -> Json.MAPPER.createObjectNode()
          .put("signedIn", true).put("csrf", s.csrf())).orElseGet(() -> Json.MAPPER
              .createObjectNode().put("signedIn", false)).toString());
    }

    /** Reached only signed in with the CSRF token, or with the bearer token (then a no-op). */
    @Override
    protected void doDelete(HttpServletRequest request, HttpServletResponse response) {
      if (request.getAttribute(SESSION) instanceof Session session) {
        open.remove(session.id());
      }
      response.addHeader("Set-Cookie", cookie("", request.isSecure(), true));
      response.setStatus(204);
    }
  }
}
