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
 * Jetty's {@link GracefulHandler}: once {@link #shutdown()} is called, new requests get {@code
 * 503} with a JSON error while those in flight run on, and its future completes when the last is
 * answered. Probes pass it uncounted, so {@code /readyz} says the server is draining; a listening
 * stream that is open is not waited for, a new one is refused.
 */
public final class DrainGate extends GracefulHandler {

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (Passage.probe(request) || (Passage.listening(request) && !isShutdown())) {
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

  /**
   * Refuses new requests from now on and waits at most {@code bound} for those in flight.
   *
   * @return whether every request in flight was answered within {@code bound}
   */
  public boolean drain(Duration bound) throws InterruptedException {
    try {
      shutdown().get(bound.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException | ExecutionException e) {
      return false;
    }
  }
}
