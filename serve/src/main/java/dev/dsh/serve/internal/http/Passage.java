package dev.dsh.serve.internal.http;

import org.eclipse.jetty.http.HttpFields;
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
   * The MCP session's listening stream ({@code GET /mcp}) stays open while the session lives, the
   * console's events ({@code GET /api/events}) while the page is open: neither is a slot of the
   * concurrency limit nor a request the drain waits for.
   */
  static boolean listening(Request request) {
    String path = Request.getPathInContext(request);
    return HttpMethod.GET.is(request.getMethod())
        && (path.equals("/mcp") || path.equals("/api/events"));
  }

  /** Probes and listening streams. */
  static boolean uncounted(Request request) {
    return probe(request) || listening(request);
  }

  /** Whether {@code request} showed a valid credential ({@link BearerAuth#CREDENTIAL}). */
  static boolean credentialed(Request request) {
    return request.getAttribute(BearerAuth.CREDENTIAL) != null;
  }

  /** Whether a body follows {@code request}'s headers: only such a request can make us wait. */
  static boolean carriesBody(Request request) {
    HttpFields headers = request.getHeaders();
    return headers.getLongField(HttpHeader.CONTENT_LENGTH) > 0
        || headers.contains(HttpHeader.TRANSFER_ENCODING);
  }
}
