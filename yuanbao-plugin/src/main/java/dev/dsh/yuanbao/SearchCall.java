package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The state of one search: its result, its exchange, and the I/O to cancel when it is aborted.
 *
 * <p>The result completes exactly once: from the exchange's outcome, or by an abort (the signal,
 * the provider's close), which also cancels the exchange and its body.
 */
final class SearchCall {

  final CompletableFuture<WebSearchResult> result = new CompletableFuture<>();
  final Failures failures = new Failures();
  private volatile @Nullable CompletableFuture<HttpResponse<byte[]>> exchange;
  private volatile @Nullable CappedBodySubscriber body;
  private volatile int status;
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

  void succeed(WebSearchResult value) {
    result.complete(value);
  }

  /** The status of the response whose body was read. */
  int status() {
    return status;
  }

  /** The body read. */
  byte[] body() {
    return bytes;
  }

  /** Records the running exchange; cancels it at once when the search already ended. */
  void exchange(CompletableFuture<HttpResponse<byte[]>> future) {
    exchange = future;
    if (done()) {
      cancelIo();
    }
  }

  /**
   * The body subscriber for a response: nothing is read from a redirect. Once the body is in, it
   * completes the exchange's future (with no response: the status and body are kept here) before
   * the JDK does. The JDK's own completion then finds that future done and skips the hand-over to
   * its default async pool, which on a machine with one or two CPUs would start a thread.
   */
  HttpResponse.BodySubscriber<byte[]> bodyFor(HttpResponse.ResponseInfo info) {
    int code = info.statusCode();
    CappedBodySubscriber subscriber =
        code >= 300 && code < 400
            ? CappedBodySubscriber.unread(this::bodyRead)
            : CappedBodySubscriber.capped(
                CappedBodySubscriber.CAP,
                info.headers().firstValueAsLong("Content-Length").orElse(-1),
                this::bodyRead);
    status = code;
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
