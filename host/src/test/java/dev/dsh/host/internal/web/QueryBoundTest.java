package dev.dsh.host.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.model.ActivityListener;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A query over 1,000 characters is refused at the seam, before any provider. */
class QueryBoundTest {

  private final WebServiceImpl web =
      new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
          ActivityListener.NONE, Optional::empty);
  private final FakeProvider provider = FakeProvider.withSources("alpha", 1);

  QueryBoundTest() {
    web.registerSearchProvider(provider);
  }

  @Test
  void aQueryOfTwoMillionCharactersIsRefusedNamingTheBoundAndNothingIsCalled() {
    WebError error = refusal("x".repeat(2_000_000));

    assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_INVALID_REQUEST);
    assertThat(error.getMessage())
        .isEqualTo("the query is 2000000 characters long; at most 1000 are allowed: shorten it");
    assertThat(provider.requests()).isEmpty();
  }

  @Test
  void theBoundCountsCharactersNotUtf16Units() throws Exception {
    String thousandEmoji = "😀".repeat(1000);
    Await.result(web.search(WebSearchRequest.of(thousandEmoji), AbortSignal.never()));
    Await.result(web.search(WebSearchRequest.of("新".repeat(1000)), AbortSignal.never()));

    assertThat(refusal("😀".repeat(1001)).getMessage()).startsWith("the query is 1001 characters long");
    assertThat(provider.requests()).extracting(WebSearchRequest::query)
        .containsExactly(thousandEmoji, "新".repeat(1000));
  }

  private WebError refusal(String query) {
    Throwable[] failure = new Throwable[1];
    Await.failure(web.search(WebSearchRequest.of(query), AbortSignal.never()))
        .satisfies(e -> failure[0] = e);
    return (WebError) failure[0];
  }
}
