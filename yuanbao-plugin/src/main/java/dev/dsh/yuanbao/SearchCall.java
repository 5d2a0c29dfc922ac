package dev.dsh.yuanbao;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * One search: its result (completed once, by the body, a failure or an abort), its one exchange,
 * and that exchange's body subscriber (up to {@link #CAP} bytes, nothing from a redirect).
 */
final class SearchCall implements HttpResponse.BodySubscriber<byte[]> {

  static final int CAP = 8 * 1024 * 1024;

  final CompletableFuture<WebSearchResult> result = new CompletableFuture<>();
  final Failures failures = new Failures();
  private final CompletableFuture<byte[]> body = new CompletableFuture<>();
  private volatile @Nullable CompletableFuture<HttpResponse<byte[]>> exchange;
  private volatile Flow.@Nullable Subscription subscription;
  private volatile int status;
  private volatile long length = -1;
  private @Nullable String retryAfter;
  private byte[] buffer = new byte[0];
  private int size;

  void abort() {
    result.completeExceptionally(new WebError(WebErrorCodes.WEB_ABORTED, Failures.ABORTED));
    cancelIo();
  }

  /** Run once the search holds a permit: resolves the key, then sends; never throws. */
  void begin(WebSearchRequest request, Settings settings, AbortSignal signal, KeyResolver keys,
      Supplier<@Nullable HttpClient> client) {
    if (result.isDone()) {
      return;
    }
    if (signal.aborted()) {
      // Its permit came free by an abort that reached it too, whose handler has not run yet.
      abort();
      return;
    }
    keys.resolve(settings).whenComplete((key, error) -> {
      if (result.isDone()) {
        return;
      }
      if (error != null) {
        result.completeExceptionally(WebError.of(error, "Yuanbao search key lookup"));
        return;
      }
      HttpClient http = client.get();
      if (http == null) {
        abort(); // the provider closed meanwhile
        return;
      }
      failures.knowKey(key);
      send(http, settings, key, request);
    });
  }

  private void send(HttpClient http, Settings settings, String key, WebSearchRequest request) {
    URI endpoint = Objects.requireNonNull(settings.endpoint());
    CompletableFuture<HttpResponse<byte[]>> future;
    try {
      future = http.sendAsync(settings.request(key, settings.body(request)), this::bodyFor);
    } catch (RuntimeException e) {
      // Such as a header value the JDK refused: its message would echo it.
      result.completeExceptionally(failures.requestFailed(e.getClass().getSimpleName(), null));
      return;
    }
    exchange(future);
    future.whenComplete((response, error) -> {
      if (error != null && !result.isDone()) {
        result.completeExceptionally(failures.exchangeFailed(WebError.unwrap(error), endpoint));
      }
    });
  }

  void exchange(CompletableFuture<HttpResponse<byte[]>> future) {
    exchange = future;
    if (result.isDone()) {
      cancelIo();
    }
  }

  HttpResponse.BodySubscriber<byte[]> bodyFor(HttpResponse.ResponseInfo info) {
    status = info.statusCode();
    retryAfter = info.headers().firstValue("Retry-After").orElse(null);
    length = info.headers().firstValueAsLong("Content-Length").orElse(-1);
    buffer = new byte[length > 0 && length <= CAP ? (int) length : 8192];
    if (result.isDone()) {
      cancelIo();
    }
    return this;
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    if (status >= 300 && status < 400) {
      s.cancel();
      end(new byte[0]);
    } else if (length > CAP) {
      overCap();
    } else if (result.isDone()) {
      s.cancel();
    } else {
      s.request(Long.MAX_VALUE);
    }
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    for (ByteBuffer item : items) {
      int n = item.remaining();
      if (body.isDone()) {
        return;
      }
      if ((long) size + n > CAP) {
        overCap();
        return;
      }
      if (size + n > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.min(CAP, Math.max(buffer.length * 2, size + n)));
      }
      item.get(buffer, size, n);
      size += n;
    }
  }

  @Override
  public void onError(Throwable error) {
    body.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    end(size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
  }

  // The exchange's future is completed before the JDK does it, which then skips its hand-over to
  // the default async pool: with one or two CPUs that starts a thread per response (FreshJvmTest).
  private void end(byte[] read) {
    CompletableFuture<HttpResponse<byte[]>> f = exchange;
    if (body.isDone()) {
      return;
    }
    if (f != null) {
      f.complete(null);
    }
    body.complete(read);
    try {
      result.complete(AnswerReader.read(failures, status, retryAfter, read));
    } catch (WebError e) {
      result.completeExceptionally(e);
    } catch (RuntimeException e) {
      result.completeExceptionally(failures.invalidBody());
    }
  }

  private void overCap() {
    result.completeExceptionally(failures.requestFailed("response body over 8 MiB", null));
    cancelIo();
  }

  /** Cancels the exchange and body, unless the body is in (its connection may serve another). */
  private void cancelIo() {
    if (body.isDone() && !body.isCompletedExceptionally()) {
      return;
    }
    CompletableFuture<?> f = exchange;
    if (f != null) {
      f.cancel(true);
    }
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
    body.completeExceptionally(new CancellationException("body reading cancelled"));
  }
}
