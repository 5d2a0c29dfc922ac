package dev.dsh.serve.internal.http;

import java.time.Duration;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.QoSHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's {@link QoSHandler} with one budget of the server's {@link Limits}, answering a request
 * it sheds with {@code 503}, {@code Retry-After: 1} and a JSON error. Probes and the listening
 * streams pass uncounted ({@link Passage}), and so does every request the budget is not for.
 */
final class LoadShedding extends QoSHandler {

  /** Seconds a shed client is told to wait. */
  static final String RETRY_AFTER_SECONDS = "1";

  private LoadShedding(int maxRequests, int maxWaiting, Duration maxWait) {
    setMaxRequestCount(maxRequests);
    setMaxSuspendedRequestCount(maxWaiting);
    setMaxSuspend(maxWait);
    exclude(Passage::uncounted);
  }

  /** The token holder's budget: the requests that showed a valid credential. */
  static LoadShedding credentialed(Limits limits) {
    LoadShedding shedding =
        new LoadShedding(limits.maxRequests(), limits.maxWaiting(), limits.maxWait());
    shedding.include(Passage::credentialed);
    return shedding;
  }

  /**
   * The budget of requests without a credential that carry a body (the sign-in): the only ones
   * that can hold a thread waiting for the client. None wait for a slot.
   */
  static LoadShedding anonymous(Limits limits) {
    LoadShedding shedding = new LoadShedding(limits.maxAnonymous(), 0, Duration.ZERO);
    shedding.include(request -> !Passage.credentialed(request) && Passage.carriesBody(request));
    return shedding;
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
    ApiReplies.error(response, callback, 503, "OVERLOADED",
        "the server is handling as many requests as it takes: retry after a second");
  }
}
