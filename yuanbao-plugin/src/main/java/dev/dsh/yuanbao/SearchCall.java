package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;

/**
 * The state of one search: its result, and the I/O to cancel when it is aborted.
 *
 * <p>The result completes exactly once; whoever completes it first (the exchange, an abort, the
 * provider's close) wins, and an abort cancels whatever I/O is running.
 */
final class SearchCall {

  final CompletableFuture<WebSearchResult> result = new CompletableFuture<>();
  final Failures failures = new Failures();
  private volatile @Nullable CompletableFuture<?> exchange;
  private volatile @Nullable CappedBodySubscriber body;

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

  /** Completes from a received response; any {@link WebError} becomes the result. */
  void succeedOrFail(AnswerReader answers, HttpResponse<byte[]> response) {
    succeedOrFail(answers, response.statusCode(), response.body());
  }

  /** Completes from a received status and body; any {@link WebError} becomes the result. */
  void succeedOrFail(AnswerReader answers, int status, byte[] body) {
    if (done()) {
      return;
    }
    try {
      succeed(answers.read(failures, status, body));
    } catch (WebError error) {
      fail(error);
    }
  }

  /** Records the running exchange; cancels it at once when the search already ended. */
  void exchange(CompletableFuture<?> future) {
    exchange = future;
    if (done()) {
      cancelIo();
    }
  }

  /** The body subscriber for a response: nothing is read from a redirect. */
  HttpResponse.BodySubscriber<byte[]> bodyFor(HttpResponse.ResponseInfo info) {
    int status = info.statusCode();
    CappedBodySubscriber subscriber =
        status >= 300 && status < 400
            ? CappedBodySubscriber.unread()
            : CappedBodySubscriber.capped(
                CappedBodySubscriber.CAP,
                info.headers().firstValueAsLong("Content-Length").orElse(-1));
    body = subscriber;
    if (done()) {
      subscriber.cancel();
    }
    return subscriber;
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
