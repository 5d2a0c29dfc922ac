package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * A cancelled body ends: the HTTP client calls nothing more after a cancelled subscription, so an
 * open body would keep its exchange, the client's selector thread and the plugin loader alive.
 */
class BodyCancellationTest {

  private static final class Subscription implements Flow.Subscription {
    final AtomicBoolean cancelled = new AtomicBoolean();

    @Override
    public void request(long n) {}

    @Override
    public void cancel() {
      cancelled.set(true);
    }
  }

  private static Throwable failureOf(CappedBodySubscriber body) throws Exception {
    CompletableFuture<byte[]> future = body.getBody().toCompletableFuture();
    assertThat(future).isDone();
    try {
      future.get(1, TimeUnit.SECONDS);
      throw new AssertionError("the body completed normally");
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (CancellationException e) {
      return e;
    }
  }

  @Test
  void cancellingWhileReadingEndsTheBodyAndTheSubscription() throws Exception {
    CappedBodySubscriber body = CappedBodySubscriber.capped(CappedBodySubscriber.CAP, -1, read -> {});
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    body.onNext(List.of(ByteBuffer.wrap(new byte[] {'{'})));
    body.cancel();
    assertThat(subscription.cancelled).isTrue();
    assertThat(failureOf(body)).isInstanceOf(CancellationException.class);
  }

  @Test
  void cancellingBeforeTheSubscriptionEndsTheBodyAndCancelsItOnArrival() throws Exception {
    CappedBodySubscriber body = CappedBodySubscriber.capped(CappedBodySubscriber.CAP, -1, read -> {});
    body.cancel();
    assertThat(failureOf(body)).isInstanceOf(CancellationException.class);
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    assertThat(subscription.cancelled).isTrue();
  }

  @Test
  void goingOverTheCapStillFailsAsOverCap() throws Exception {
    CappedBodySubscriber body = CappedBodySubscriber.capped(4, -1, read -> {});
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    body.onNext(List.of(ByteBuffer.wrap(new byte[5])));
    assertThat(subscription.cancelled).isTrue();
    assertThat(failureOf(body)).isInstanceOf(CappedBodySubscriber.OverCap.class);
  }
}
