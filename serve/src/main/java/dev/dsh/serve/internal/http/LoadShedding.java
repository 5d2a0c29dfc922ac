package dev.dsh.serve.internal.http;

import java.time.Duration;
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

  /**
   * The token holder's budget (requests that showed a credential) or, not {@code credentialed},
   * the sign-in's: requests without one that carry a body, none waiting for a slot.
   */
  LoadShedding(Limits limits, boolean credentialed) {
    setMaxRequestCount(credentialed ? limits.maxRequests() : limits.maxAnonymous());
    setMaxSuspendedRequestCount(credentialed ? limits.maxWaiting() : 0);
    setMaxSuspend(credentialed ? limits.maxWait() : Duration.ZERO);
    exclude(request -> BearerAuth.probe(request) || BearerAuth.listening(request));
    include(request -> BearerAuth.credentialed(request) == credentialed && (credentialed
        || request.getHeaders().getLongField(HttpHeader.CONTENT_LENGTH) > 0
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
