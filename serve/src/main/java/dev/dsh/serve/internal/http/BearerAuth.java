package dev.dsh.serve.internal.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ConditionalHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Lets through probes, {@code Authorization: Bearer <token>} (marked {@link #CREDENTIAL}) and what
 * a handler in front marked; any other gets {@code 401} saying where the token is, never the token.
 */
public final class BearerAuth extends ConditionalHandler.ElseNext {

  /** Set by a handler in front on a request that needs no credential. */
  public static final String LET_THROUGH = "dev.dsh.serve.auth.letThrough";

  /** Set on a request that showed a valid credential. */
  public static final String CREDENTIAL = "dev.dsh.serve.auth.credential";

  private static final String SCHEME = "Bearer ";

  private final ServeToken token;

  BearerAuth(ServeToken token) {
    this.token = token;
    exclude(BearerAuth::probe);
    exclude(request -> request.getAttribute(LET_THROUGH) != null);
    exclude(BearerAuth::credentialed);
  }

  @Override
  protected boolean onConditionsMet(Request request, Response response, Callback callback)
      throws Exception {
    String header = request.getHeaders().get(HttpHeader.AUTHORIZATION);
    boolean bearer = header != null && header.regionMatches(true, 0, SCHEME, 0, SCHEME.length());
    if (bearer && token.matches(header.substring(SCHEME.length()).strip())) {
      request.setAttribute(CREDENTIAL, Boolean.TRUE);
      return nextHandler(request, response, callback);
    }
    response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer");
    ApiReplies.error(response, callback, 401, "UNAUTHORIZED", token.problem().orElse(
        (bearer ? "wrong bearer token" : "no bearer token") + ": send 'Authorization: Bearer"
            + " <token>' with the token in " + token.where()));
    return true;
  }

  /** {@code /healthz} and {@code /readyz}: probes need no token and are never shed or refused. */
  static boolean probe(Request request) {
    String path = Request.getPathInContext(request);
    return path.equals("/healthz") || path.equals("/readyz");
  }

  /**
   * {@code GET /mcp} (an MCP session's stream) and {@code GET /api/events} (the console's) stay
   * open as long as their session or page: neither takes a slot nor is waited for by the drain.
   */
  static boolean listening(Request request) {
    String path = Request.getPathInContext(request);
    return HttpMethod.GET.is(request.getMethod())
        && (path.equals("/mcp") || path.equals("/api/events"));
  }

  static boolean credentialed(Request request) {
    return request.getAttribute(CREDENTIAL) != null;
  }
}
