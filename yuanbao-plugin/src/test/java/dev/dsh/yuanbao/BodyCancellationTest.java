package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.web.WebErrorCodes;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
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

  /** The body subscriber of {@code call} for a 200 response announcing {@code length} (or none). */
  private static HttpResponse.BodySubscriber<byte[]> bodyOf(SearchCall call, long length) {
    HttpHeaders headers = HttpHeaders.of(
        length < 0 ? Map.of() : Map.of("Content-Length", List.of(String.valueOf(length))),
        (name, value) -> true);
    return call.bodyFor(new HttpResponse.ResponseInfo() {
      @Override
      public int statusCode() {
        return 200;
      }

      @Override
      public HttpHeaders headers() {
        return headers;
      }

      @Override
      public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
      }
    });
  }

  private static Throwable failureOf(HttpResponse.BodySubscriber<byte[]> body) throws Exception {
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
    SearchCall call = new SearchCall();
    HttpResponse.BodySubscriber<byte[]> body = bodyOf(call, -1);
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    body.onNext(List.of(ByteBuffer.wrap(new byte[] {'{'})));
    call.abort();
    assertThat(subscription.cancelled).isTrue();
    assertThat(failureOf(body)).isInstanceOf(CancellationException.class);
    assertThat(TestSupport.failure(call.result).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
  }

  @Test
  void cancellingBeforeTheSubscriptionEndsTheBodyAndCancelsItOnArrival() throws Exception {
    SearchCall call = new SearchCall();
    HttpResponse.BodySubscriber<byte[]> body = bodyOf(call, -1);
    call.abort();
    assertThat(failureOf(body)).isInstanceOf(CancellationException.class);
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    assertThat(subscription.cancelled).isTrue();
  }

  @Test
  void goingOverTheCapEndsTheSearchAndTheSubscription() throws Exception {
    SearchCall call = new SearchCall();
    HttpResponse.BodySubscriber<byte[]> body = bodyOf(call, -1);
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    body.onNext(List.of(ByteBuffer.wrap(new byte[SearchCall.CAP - 1])));
    assertThat(call.result.isDone()).isFalse();
    body.onNext(List.of(ByteBuffer.wrap(new byte[2])));
    assertThat(subscription.cancelled).isTrue();
    assertThat(failureOf(body)).isInstanceOf(CancellationException.class);
    assertThat(TestSupport.failure(call.result))
        .hasMessage("Yuanbao search request failed: response body over 8 MiB");
  }

  @Test
  void aBodyAnnouncedOverTheCapIsNotRead() throws Exception {
    SearchCall call = new SearchCall();
    HttpResponse.BodySubscriber<byte[]> body = bodyOf(call, SearchCall.CAP + 1L);
    Subscription subscription = new Subscription();
    body.onSubscribe(subscription);
    assertThat(subscription.cancelled).isTrue();
    assertThat(TestSupport.failure(call.result))
        .hasMessage("Yuanbao search request failed: response body over 8 MiB");
  }
}
