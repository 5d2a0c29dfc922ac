package dev.dsh.serve.internal.http;

import java.time.Duration;
import java.util.function.Predicate;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.QoSHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's {@link QoSHandler} with one budget of {@link Limits}, shedding with {@code 503}, {@code
 * Retry-After: 1} and a JSON error. Probes, listening streams and other budgets' requests pass.
 */
final class LoadShedding extends QoSHandler {

  private LoadShedding(int maxRequests, int maxWaiting, Duration maxWait, Predicate<Request> of) {
    setMaxRequestCount(maxRequests);
    setMaxSuspendedRequestCount(maxWaiting);
    setMaxSuspend(maxWait);
    exclude(request -> BearerAuth.probe(request) || BearerAuth.listening(request));
    include(of);
  }

  /** The token holder's budget: the requests that showed a valid credential. */
  static LoadShedding credentialed(Limits limits) {
    return new LoadShedding(limits.maxRequests(), limits.maxWaiting(), limits.maxWait(),
        BearerAuth::credentialed);
  }

  /** Requests without a credential that carry a body (the sign-in), none waiting for a slot. */
  static LoadShedding anonymous(Limits limits) {
    return new LoadShedding(limits.maxAnonymous(), 0, Duration.ZERO,
        request -> !BearerAuth.credentialed(request)
            && (request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH) > 0
                || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)));
  }

  @Override
  protected void reject(Request request, Response response, Callback callback, int status) {
    response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
    ApiReplies.error(response, callback, 503, "OVERLOADED",
        "the server is handling as many requests as it takes: retry after a second");
  }

  @Override
  protected void failSuspended(Request request, Response response, Callback callback, int status,
      Throwable failure) {
    reject(request, response, callback, status);
  }
}
