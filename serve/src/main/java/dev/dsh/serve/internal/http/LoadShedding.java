package dev.dsh.serve.internal.http;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.QoSHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's {@link QoSHandler} with the server's {@link Limits}, answering a request it sheds with
 * {@code 503}, {@code Retry-After: 1} and a JSON error. Probes and the MCP listening stream pass
 * uncounted ({@link Passage}).
 */
public final class LoadShedding extends QoSHandler {

  /** Seconds a shed client is told to wait. */
  static final String RETRY_AFTER_SECONDS = "1";

  /** A limiter of {@code limits}. */
  public LoadShedding(Limits limits) {
    setMaxRequestCount(limits.maxRequests());
    setMaxSuspendedRequestCount(limits.maxWaiting());
    setMaxSuspend(limits.maxWait());
    exclude(Passage::uncounted);
  }

  @Override
  protected void reject(Request request, Response response, Callback callback, int status) {
    overloaded(response, callback);
  }

  @Override
  protected void failSuspended(Request request, Response response, Callback callback, int status,
      Throwable failure) {
    overloaded(response, callback);
  }

  private static void overloaded(Response response, Callback callback) {
    response.getHeaders().put(HttpHeader.RETRY_AFTER, RETRY_AFTER_SECONDS);
    JsonErrors.write(response, callback, 503, "OVERLOADED",
        "the server is handling as many requests as it takes: retry after a second");
  }
}
