package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * Runs the one exchange of a search and completes the search from it.
 *
 * <p>Each exchange is one {@link HttpClient#sendAsync} on the provider's own executor, which
 * serves its clients. For {@code sendAsync} the JDK hands the exchange's future on through its
 * default async pool, which with one or two CPUs starts a new thread per response; the body
 * subscriber completes that future itself as soon as the body is in, so the hand-over has nothing
 * left to do and starts no thread (see {@link SearchCall#bodyFor}).
 */
final class Exchanges {

  private final AnswerReader answers = new AnswerReader();
  private final HttpClients clients = new HttpClients();

  /** Sends {@code body} to {@code endpoint}; the call completes from the answer. */
  void start(SearchCall call, URI endpoint, String key, byte[] body) {
    HttpClient http = clients.forScheme(endpoint.getScheme());
    if (http == null) {
      call.abort();
      return;
    }
    HttpRequest request;
    try {
      request = SearchRequests.of(endpoint, key, body);
    } catch (RuntimeException e) {
      // The JDK's message would echo the offending value: name the class only.
      call.fail(call.failures.requestFailed(e.getClass().getSimpleName()));
      return;
    }
    CompletableFuture<HttpResponse<byte[]>> exchange;
    try {
      exchange = http.sendAsync(request, call::bodyFor);
    } catch (RuntimeException e) {
      call.fail(call.failures.requestFailed(Exceptions.describe(e, false)));
      return;
    }
    call.exchange(exchange);
    exchange.whenComplete((response, error) -> finish(call, response, error, endpoint));
  }

  /**
   * Completes the search from its exchange: the one place that does, besides an abort. The
   * response is null when the body subscriber cut the exchange's future short (see {@link
   * SearchCall#bodyFor}); the status and body are then the call's.
   */
  private void finish(
      SearchCall call,
      @Nullable HttpResponse<byte[]> response,
      @Nullable Throwable error,
      URI endpoint) {
    if (call.done()) {
      return;
    }
    try {
      if (error != null) {
        call.fail(failure(call, Exceptions.unwrap(error), endpoint));
      } else if (response != null) {
        call.succeed(answers.read(call.failures, response.statusCode(), response.body()));
      } else {
        call.succeed(answers.read(call.failures, call.status(), call.body()));
      }
    } catch (WebError e) {
      call.fail(e);
    } catch (RuntimeException e) {
      call.fail(call.failures.invalidBody());
    }
  }

  private static WebError failure(SearchCall call, Throwable t, URI endpoint) {
    if (t instanceof CappedBodySubscriber.OverCap) {
      return call.failures.requestFailed("response body over 8 MiB");
    }
    if (t instanceof CancellationException) {
      return call.failures.aborted();
    }
    return call.failures.requestFailed(
        Exceptions.describe(t, false) + Exceptions.connectingTo(t, endpoint), t);
  }

  /** The HTTP client for {@code scheme} (built on first use), absent once closed. */
  @Nullable HttpClient client(String scheme) {
    return clients.forScheme(scheme);
  }

  /** The name prefix of the HTTP threads; tests. */
  String threadPrefix() {
    return clients.threadPrefix();
  }

  /** Drops the HTTP clients and shuts down their threads. */
  void close() {
    clients.close();
  }
}
