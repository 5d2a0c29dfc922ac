package dev.dsh.serve.internal.console;

import dev.dsh.host.json.Json;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeToken;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code /api/session}: {@code POST} signs in with the server's token in a JSON body (never in a
 * URL) and sets the session cookie, failed attempts limited per remote address; {@code GET} says
 * whether the cookie is signed in, with its CSRF token; {@code DELETE} signs out.
 */
final class SessionServlet extends HttpServlet {

  private final transient SessionGate sessions;
  private final transient ServeToken token;

  SessionServlet(SessionGate sessions, ServeToken token) {
    this.sessions = sessions;
    this.token = token;
  }

  @Override
  protected void doPost(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String address = request.getRemoteAddr();
    OptionalLong wait = sessions.retryAfter(address);
    if (wait.isPresent()) {
      response.setHeader("Retry-After", Long.toString(wait.getAsLong()));
      ApiReplies.error(response, 429, "TOO_MANY_ATTEMPTS", "too many wrong tokens from this"
          + " address: try again in " + wait.getAsLong() + " s");
      return;
    }
    byte[] body = request.getInputStream().readNBytes(8 * 1024 + 1);
    JsonNode presented;
    try {
      presented = body.length > 8 * 1024 ? null : Json.MAPPER.readTree(body).path("token");
    } catch (JacksonException e) {
      presented = null;
    }
    if (presented == null || !presented.isString()) {
      ApiReplies.error(response, 400, "BAD_REQUEST",
          "the body must be JSON {\"token\": \"<the server's token>\"}");
    } else if (!token.matches(presented.asString())) {
      Optional<String> noToken = token.problem();
      if (noToken.isEmpty()) {
        sessions.failed(address);
      }
      ApiReplies.error(response, 401, "UNAUTHORIZED",
          noToken.orElse("that is not the server's token; it is in " + token.where()));
    } else {
      SessionGate.Session session = sessions.open(presented.asString());
      response.addHeader("Set-Cookie", cookie(session.id(), request.isSecure(), false));
      ApiReplies.json(response, 200, Json.MAPPER.createObjectNode().put("csrf", session.csrf())
          .put("expiresInSeconds", SessionGate.IDLE.toSeconds()).toString());
    }
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<SessionGate.Session> session = Optional.ofNullable(
        PageServlet.cookie(request, SessionGate.COOKIE)).flatMap(id -> sessions.use(id, true));
    ApiReplies.json(response, 200, session.map(s -> Json.MAPPER.createObjectNode()
        .put("signedIn", true).put("csrf", s.csrf())).orElseGet(() -> Json.MAPPER
            .createObjectNode().put("signedIn", false)).toString());
  }

  /** Reached only signed in with the CSRF token, or with the bearer token (then a no-op). */
  @Override
  protected void doDelete(HttpServletRequest request, HttpServletResponse response) {
    if (request.getAttribute(SessionGate.SESSION) instanceof SessionGate.Session session) {
      sessions.close(session.id());
    }
    response.addHeader("Set-Cookie", cookie("", request.isSecure(), true));
    response.setHeader("Cache-Control", "no-store");
    response.setStatus(204);
  }

  private static String cookie(String value, boolean secure, boolean clear) {
    return SessionGate.COOKIE + "=" + value + "; Path=/; HttpOnly; SameSite=Strict"
        + (secure ? "; Secure" : "") + (clear ? "; Max-Age=0" : "");
  }
}
