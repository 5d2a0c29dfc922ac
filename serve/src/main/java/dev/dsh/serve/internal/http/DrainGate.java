package dev.dsh.serve.internal.http;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's {@link GracefulHandler} answering {@code 503} in JSON. Probes pass uncounted, so {@code
 * /readyz} reports the drain; an open listening stream is not waited for, a new one is refused.
 */
final class DrainGate extends GracefulHandler {

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (BearerAuth.probe(request) || (BearerAuth.listening(request) && !isShutdown())) {
      return getHandler() != null && isStarted() && getHandler().handle(request, response, callback);
    }
    return super.handle(request, response, callback);
  }

  @Override
  protected void handleShutdownRejection(Request request, Response response, Callback callback) {
    response.getHeaders().put(HttpHeader.CONNECTION, "close");
    ApiReplies.error(response, callback, 503, "SHUTTING_DOWN",
        "the server is shutting down: send the request to another replica or after the restart");
  }

  /** Refuses new requests; whether every request in flight was answered within {@code bound}. */
  boolean drain(Duration bound) throws InterruptedException {
    try {
      shutdown().get(bound.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    }
  }
}
