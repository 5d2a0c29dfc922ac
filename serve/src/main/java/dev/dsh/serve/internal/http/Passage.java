package dev.dsh.serve.internal.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Request;

/** Which requests pass the server's gates without a token, and which budget counts them. */
final class Passage {

  private Passage() {}

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

  /** Whether {@code request} showed a valid credential ({@link BearerAuth#CREDENTIAL}). */
  static boolean credentialed(Request request) {
    return request.getAttribute(BearerAuth.CREDENTIAL) != null;
  }

  /** Whether a body follows {@code request}'s headers: only such a request can make us wait. */
  static boolean carriesBody(Request request) {
    return request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH) > 0
        || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
  }
}
