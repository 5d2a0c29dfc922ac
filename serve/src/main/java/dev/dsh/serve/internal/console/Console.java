package dev.dsh.serve.internal.console;

import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.BearerAuth;
import dev.dsh.serve.internal.http.ServeToken;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
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

/**
 * The console's pages, files, {@code /api/session} and {@code /api/events}, and, in front of
 * {@link BearerAuth}, its sessions: a random id (the cookie) with a CSRF token, in memory, ended by
 * sign-out, {@link #IDLE} unused or a new token; checked on each look, swept at each sign-in.
 */
public final class Console extends Handler.Wrapper implements AutoCloseable {

  static final String COOKIE = "dsh_session";
  static final Duration IDLE = Duration.ofHours(12);

  static final String SESSION = "dev.dsh.serve.console.session";

  /** A session; {@code token} is the {@link ServeToken#digest} of the token it signed in with. */
  record Session(String id, String csrf, Instant used, byte[] token) {
    @Override
    public String toString() {
      return "Session[used=" + used + "]"; // the id and the CSRF token are secrets
    }
  }

  private final ConcurrentHashMap<String, Session> open = new ConcurrentHashMap<>();
  private final Clock clock;
  private final ServeToken token;
  private final ConsoleEvents events;

  /** Mounts the console, whose sign-in takes {@code token}, its times by {@code clock}. */
  public Console(ServletContextHandler context, ServeToken token, Clock clock) {
    this.clock = clock;
    this.token = token;
    this.events = new ConsoleEvents(clock, this);
    context.addServlet(new ServletHolder(new SessionServlet(this, token, clock)),
        "/api/session");
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

  /** A new session signed in with {@code signedInWith}; the expired and the stale go first. */
  Session open(String signedInWith) {
    List.copyOf(open.keySet()).forEach(id -> use(id, false));
    Session session = new Session(ServeToken.random(), ServeToken.random(), clock.instant(),
        ServeToken.digest(signedInWith));
    open.put(session.id(), session);
    return session;
  }

  /** The live session {@code id}, marked used now if {@code used}. */
  Optional<Session> use(String id, boolean used) {
    Instant now = clock.instant();
    return Optional.ofNullable(open.computeIfPresent(id, (key, session) ->
        !session.used().plus(IDLE).isAfter(now) || !token.matchesDigest(session.token()) ? null
            : used ? new Session(key, session.csrf(), now, session.token()) : session));
  }

  void close(String id) {
    open.remove(id);
  }
}
