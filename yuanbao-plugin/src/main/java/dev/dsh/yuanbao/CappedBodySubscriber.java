package dev.dsh.yuanbao;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Collects a response body without blocking, up to a cap, and hands it to a callback before
 * completing {@link #getBody()}. Over the cap, or on {@link #cancel()}, it cancels its
 * subscription, which makes the client close the connection.
 */
final class CappedBodySubscriber implements HttpResponse.BodySubscriber<byte[]> {

  static final int CAP = 8 * 1024 * 1024;

  /** The body went over the cap. Carries no message: the error text is the provider's. */
  static final class OverCap extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OverCap() {
      super(null, null, false, false);
    }
  }

  private final int cap;
  private final boolean discard;
  private final boolean announcedOverCap;
  private final CompletableFuture<byte[]> body = new CompletableFuture<>();
  private final Consumer<byte[]> whenRead;
  private byte[] buffer;
  private int size;
  private volatile Flow.@Nullable Subscription subscription;
  private volatile boolean cancelled;

  private CappedBodySubscriber(int cap, boolean discard, long contentLength, int initialSize,
      Consumer<byte[]> whenRead) {
    this.cap = cap;
    this.whenRead = whenRead;
    this.discard = discard;
    this.announcedOverCap = contentLength > cap;
    this.buffer = new byte[initialSize];
  }

  /** Up to {@code cap} bytes, sized for a known {@code contentLength}; more announced fails. */
  static CappedBodySubscriber capped(int cap, long contentLength, Consumer<byte[]> whenRead) {
    int initial = contentLength > 0 && contentLength <= cap ? (int) contentLength : 8192;
    return new CappedBodySubscriber(cap, false, contentLength, initial, whenRead);
  }

  /** A subscriber that reads nothing: it cancels at once and completes with no bytes. */
  static CappedBodySubscriber unread(Consumer<byte[]> whenRead) {
    return new CappedBodySubscriber(0, true, -1, 0, whenRead);
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return body;
  }

  @Override
  public void onSubscribe(Flow.Subscription s) {
    subscription = s;
    if (discard) {
      s.cancel();
      complete(new byte[0]);
    } else if (cancelled) {
      s.cancel();
    } else if (announcedOverCap) {
      s.cancel();
      body.completeExceptionally(new OverCap());
    } else {
      s.request(Long.MAX_VALUE);
    }
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (body.isDone()) {
      return;
    }
    for (ByteBuffer item : items) {
      int n = item.remaining();
      if ((long) size + n > cap) {
        body.completeExceptionally(new OverCap());
        cancel();
        return;
      }
      if (size + n > buffer.length) {
        buffer = Arrays.copyOf(buffer, Math.min(cap, Math.max(Math.max(buffer.length * 2, 8192), size + n)));
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
    complete(size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
  }

  private void complete(byte[] read) {
    if (!body.isDone()) {
      whenRead.accept(read);
      body.complete(read);
    }
  }

  /** Cancels (now or once subscribed) and ends the body, else its exchange stays pending. */
  void cancel() {
    cancelled = true;
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
    body.completeExceptionally(new CancellationException("body reading cancelled"));
  }
}
