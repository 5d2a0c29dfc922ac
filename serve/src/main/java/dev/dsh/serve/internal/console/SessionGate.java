package dev.dsh.serve.internal.console;

import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.BearerAuth;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * In front of {@link BearerAuth}: lets a request signed in with the session cookie through as
 * {@link BearerAuth#CREDENTIAL} (a state-changing one only with its session's {@code
 * X-CSRF-Token}), lets the sign-in page, the static files and the sign-in endpoint through with no
 * credential, and sends a page asked for without one to the sign-in page. A request carrying a
 * bearer token, and every {@code /mcp} request, is left to {@link BearerAuth}. It reads no body.
 */
public final class SessionGate extends Handler.Wrapper {

  /** The session cookie's name. */
  public static final String COOKIE = "dsh_session";

  /** The request attribute holding the signed-in {@link Sessions.Session}. */
  public static final String SESSION = "dev.dsh.serve.console.session";

  private static final String REFRESH = "X-Console-Refresh";
  private static final Set<String> CHANGING = Set.of("POST", "PUT", "DELETE", "PATCH");

  private final Sessions sessions;

  SessionGate(Sessions sessions) {
    this.sessions = sessions;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    String path = Request.getPathInContext(request);
    if (request.getHeaders().contains(HttpHeader.AUTHORIZATION) || path.equals("/mcp")) {
      return super.handle(request, response, callback);
    }
    if (open(request.getMethod(), path)) {
      request.setAttribute(BearerAuth.LET_THROUGH, Boolean.TRUE);
      return super.handle(request, response, callback);
    }
    // Only what the user does renews the session: not the event stream, nor a refresh the page
    // makes by itself (X-Console-Refresh), so a tab left open still expires.
    boolean used = !path.equals("/api/events") && !request.getHeaders().contains(REFRESH);
    Optional<Sessions.Session> session = Request.getCookies(request).stream()
        .filter(c -> c.getName().equals(COOKIE)).findFirst()
        .flatMap(cookie -> sessions.use(cookie.getValue(), used));
    if (session.isPresent()) {
      if (CHANGING.contains(request.getMethod()) && !csrfMatches(request, session.get())) {
        ApiReplies.error(response, callback, 403, "CSRF", "a change made with the session"
            + " cookie needs the header X-CSRF-Token with the session's token (GET /api/session)");
        return true;
      }
      request.setAttribute(BearerAuth.CREDENTIAL, Boolean.TRUE);
      request.setAttribute(SESSION, session.get());
      return super.handle(request, response, callback);
    }
    if (Pages.guarded(path) && (request.getMethod().equals("GET")
        || request.getMethod().equals("HEAD"))) {
      String query = request.getHttpURI().getQuery();
      String next = query == null ? path : path + "?" + query;
      Response.sendRedirect(request, response, callback, 303,
          Pages.LOGIN + "?next=" + URLEncoder.encode(next, StandardCharsets.UTF_8), true);
      return true;
    }
    return super.handle(request, response, callback);
  }

  /** What needs no credential: the sign-in page and endpoint, and the static files. */
  private static boolean open(String method, String path) {
    return path.equals(Pages.LOGIN) || path.startsWith("/console/")
        || (path.equals("/api/session") && (method.equals("GET") || method.equals("POST")));
  }

  private static boolean csrfMatches(Request request, Sessions.Session session) {
    String sent = request.getHeaders().get("X-CSRF-Token");
    return sent != null && MessageDigest.isEqual(sent.getBytes(StandardCharsets.UTF_8),
        session.csrf().getBytes(StandardCharsets.UTF_8));
  }
}
