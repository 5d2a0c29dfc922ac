package dev.dsh.serve.internal.console;

import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeToken;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /api/session}: {@code POST} signs in with the server's token in a JSON body (never in a
 * URL) and sets the session cookie; {@code GET} says whether the cookie is signed in and gives its
 * CSRF token; {@code DELETE} signs out. Failed sign-ins are limited per remote address.
 */
final class SessionServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int MAX_BODY = 8 * 1024;

  private final transient Sessions sessions;
  private final transient SignInLimiter limiter;
  private final transient ServeToken token;

  SessionServlet(Sessions sessions, SignInLimiter limiter, ServeToken token) {
    this.sessions = sessions;
    this.limiter = limiter;
    this.token = token;
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String address = request.getRemoteAddr();
    OptionalLong wait = limiter.retryAfter(address);
    if (wait.isPresent()) {
      response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
      ApiReplies.error(response, 429, "TOO_MANY_ATTEMPTS", "too many wrong tokens from this"
          + " address: try again in " + wait.getAsLong() + " s");
      return;
    }
    Optional<String> presented = presented(request.getInputStream());
    if (presented.isEmpty()) {
      ApiReplies.error(response, 400, "BAD_REQUEST",
          "the body must be JSON {\"token\": \"<the server's token>\"}");
      return;
    }
    if (!token.matches(presented.get())) {
      Optional<String> noToken = token.problem();
      if (noToken.isEmpty()) {
        limiter.failed(address);
      }
      ApiReplies.error(response, 401, "UNAUTHORIZED",
          noToken.orElse("that is not the server's token; it is in " + token.where()));
      return;
    }
    Sessions.Session session = sessions.open(presented.get());
    response.addHeader("Set-Cookie", cookie(session.id(), request.isSecure(), false));
    ApiReplies.json(response, 200, JSON.createObjectNode().put("csrf", session.csrf())
        .put("expiresInSeconds", Sessions.IDLE.toSeconds()).toString());
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<Sessions.Session> session = Optional.ofNullable(
        PageServlet.cookie(request, SessionGate.COOKIE)).flatMap(id -> sessions.use(id, true));
    ApiReplies.json(response, 200, (session.isPresent()
        ? JSON.createObjectNode().put("signedIn", true).put("csrf", session.get().csrf())
        : JSON.createObjectNode().put("signedIn", false)).toString());
  }

  /** Reached only signed in with the CSRF token, or with the bearer token (then a no-op). */
  @Override
  protected void doDelete(HttpServletRequest request, HttpServletResponse response) {
    if (request.getAttribute(SessionGate.SESSION) instanceof Sessions.Session session) {
      sessions.close(session.id());
    }
    response.addHeader("Set-Cookie", cookie("", request.isSecure(), true));
    response.setHeader("Cache-Control", "no-store");
    response.setStatus(204);
  }

  /** The body's {@code token}, if the body is a JSON object holding one as a string. */
  private static Optional<String> presented(InputStream in) throws IOException {
    byte[] body = in.readNBytes(MAX_BODY + 1);
    if (body.length > MAX_BODY) {
      return Optional.empty();
    }
    try {
      JsonNode token = JSON.readTree(body).path("token");
      return token.isString() ? Optional.of(token.asString()) : Optional.empty();
    } catch (JacksonException e) {
      return Optional.empty();
    }
  }

  private static String cookie(String value, boolean secure, boolean clear) {
    return SessionGate.COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict"
        + (secure ? "; Secure" : "") + (clear ? "; Max-Age=0" : "");
  }
}
