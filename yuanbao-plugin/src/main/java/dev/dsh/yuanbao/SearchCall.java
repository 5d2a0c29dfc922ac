package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * One search: its result, its one exchange, and the I/O to cancel when it is aborted. The result
 * completes exactly once: in {@link #finish}, from the exchange, or by an abort (the signal, the
 * provider's close), which also cancels the exchange and its body.
 */
final class SearchCall {

  final CompletableFuture<WebSearchResult> result = new CompletableFuture<>();
  final Failures failures = new Failures();
  private volatile @Nullable CompletableFuture<HttpResponse<byte[]>> exchange;
  private volatile @Nullable CappedBodySubscriber body;
  private volatile int status;
  private volatile @Nullable String retryAfter;
  private volatile byte[] bytes = new byte[0];

  boolean done() {
    return result.isDone();
  }

  /** Ends the search with {@code WEB_ABORTED} (if still running) and closes its connection. */
  void abort() {
    result.completeExceptionally(failures.aborted());
    cancelIo();
  }

  void fail(WebError error) {
    result.completeExceptionally(error);
  }

  /** Sends {@code request} with one {@link HttpClient#sendAsync}; the answer ends the search. */
  void send(HttpClient http, AnswerReader answers, URI endpoint, String key, byte[] request) {
    CompletableFuture<HttpResponse<byte[]>> future;
    try {
      future = http.sendAsync(SearchRequests.of(endpoint, key, request), this::bodyFor);
    } catch (RuntimeException e) {
      // Such as a header value the JDK refused: its message would echo it.
      fail(failures.requestFailed(e.getClass().getSimpleName()));
      return;
    }
    exchange(future);
    future.whenComplete((response, error) -> finish(answers, error, endpoint));
  }

  /** Records the running exchange; cancels it at once when the search already ended. */
  void exchange(CompletableFuture<HttpResponse<byte[]>> future) {
    exchange = future;
    if (done()) {
      cancelIo();
    }
  }

  /**
   * The body subscriber for a response (nothing is read from a redirect). Once the body is in, it
   * completes the exchange's future itself, before the JDK does: the JDK then finds it done and
   * skips the hand-over to its default async pool, which with one or two CPUs starts a thread per
   * response. {@link #finish} reads the status and body kept here.
   */
  HttpResponse.BodySubscriber<byte[]> bodyFor(HttpResponse.ResponseInfo info) {
    int code = info.statusCode();
    CappedBodySubscriber subscriber = code >= 300 && code < 400
        ? CappedBodySubscriber.unread(this::bodyRead)
        : CappedBodySubscriber.capped(CappedBodySubscriber.CAP,
            info.headers().firstValueAsLong("Content-Length").orElse(-1), this::bodyRead);
    status = code;
    retryAfter = info.headers().firstValue("Retry-After").orElse(null);
    body = subscriber;
    if (done()) {
      subscriber.cancel();
    }
    return subscriber;
  }

  private void bodyRead(byte[] read) {
    bytes = read;
    CompletableFuture<HttpResponse<byte[]>> f = exchange;
    if (f != null) {
      f.complete(null);
    }
  }

  /** The one place an exchange ends the search; the body is in unless {@code error} is set. */
  private void finish(AnswerReader answers, @Nullable Throwable error, URI endpoint) {
    if (done()) {
      return;
    }
    try {
      if (error != null) {
        fail(failures.exchangeFailed(Failures.unwrap(error), endpoint));
      } else {
        result.complete(answers.read(failures, status, retryAfter, bytes));
      }
    } catch (WebError e) {
      fail(e);
    } catch (RuntimeException e) {
      fail(failures.invalidBody());
    }
  }

  private void cancelIo() {
    CompletableFuture<?> f = exchange;
    if (f != null) {
      f.cancel(true);
    }
    CappedBodySubscriber b = body;
    if (b != null) {
      b.cancel();
    }
  }
}
