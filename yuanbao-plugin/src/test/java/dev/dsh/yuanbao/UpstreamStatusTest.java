package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A non-2xx answer's status and {@code Retry-After} reach the caller; the line's depth. */
class UpstreamStatusTest {

  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();

  private static WebError failure() {
    try (YuanbaoSearchProvider provider =
        TestSupport.provider(TestSupport.config(server.baseUrl()))) {
      return TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    }
  }

  @Test
  void a429CarriesTheStatusAndTheRetryAfterSecondsTheServiceSent() {
    server.answer(StubReply.status(429, "{}").withHeader("Retry-After", "7"));

    WebError error = failure();

    assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
    assertThat(error.getMessage()).isEqualTo("Yuanbao search request failed: HTTP 429");
    assertThat(error.upstreamStatus()).contains(429);
    assertThat(error.retryAfter()).contains(Duration.ofSeconds(7));
  }

  @Test
  void anErrorEnvelopeWithANon2xxStatusCarriesTheStatusToo() {
    server.answer(StubReply.status(503,
        "{\"Response\":{\"Error\":{\"Code\":\"RequestLimitExceeded\",\"Message\":\"slow down\"}}}"));

    WebError error = failure();

    assertThat(error.providerCode()).contains("RequestLimitExceeded");
    assertThat(error.upstreamStatus()).contains(503);
    assertThat(error.retryAfter()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"soon", "-3", "7.5", "Wed, 99 Oct 2015 07:28:00 GMT"})
  void aRetryAfterThatIsNeitherSecondsNorAnHttpDateIsIgnored(String garbage) {
    server.answer(StubReply.status(429, "{}").withHeader("Retry-After", garbage));

    WebError error = failure();

    assertThat(error.upstreamStatus()).contains(429);
    assertThat(error.retryAfter()).isEmpty();
  }

  @Test
  void aSuccessCarriesNoUpstreamStatusAndAnEnvelopeAt200NeitherDoes() {
    server.answer(StubReply.json(
        "{\"Response\":{\"Error\":{\"Code\":\"AuthFailure\",\"Message\":\"no\"}}}"));

    assertThat(failure().upstreamStatus()).isEmpty();
  }

  @Test
  void anHttpDateIsTheTimeFromNowAndOneInThePastIsNoWait() {
    Instant now = Instant.parse("2015-10-21T07:27:00Z");

    assertThat(AnswerReader.wait("Wed, 21 Oct 2015 07:28:00 GMT", now))
        .isEqualTo(Duration.ofMinutes(1));
    assertThat(AnswerReader.wait("Wed, 21 Oct 2015 07:20:00 GMT", now)).isEqualTo(Duration.ZERO);
    assertThat(AnswerReader.wait(" 120 ", now)).isEqualTo(Duration.ofSeconds(120));
    assertThat(AnswerReader.wait(null, now)).isNull();
  }

  @Test
  void theQueueDepthCountsTheSearchesWaitingForAPermit() throws Exception {
    server.answer(StubReply.json(SearchProAnswers.onePage("a")));
    server.holdAnswers();
    try (YuanbaoSearchProvider provider = TestSupport.provider(
        Configs.withMaxConcurrentSearches(TestSupport.config(server.baseUrl()), 1))) {
      assertThat(provider.queueDepth()).isZero();
      List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        searches.add(provider.search(WebSearchRequest.of("q" + i), AbortSignal.never())
            .toCompletableFuture());
      }
      server.awaitRequest(Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));

      assertThat(provider.queueDepth()).isEqualTo(2);
      server.release();
      for (CompletableFuture<WebSearchResult> search : searches) {
        search.get(TestSupport.HANG_BOUND_SECONDS, TimeUnit.SECONDS);
      }
      assertThat(provider.queueDepth()).isZero();
    } finally {
      server.release();
    }
  }
}
