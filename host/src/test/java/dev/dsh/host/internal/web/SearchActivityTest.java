package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeContext;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.fakes.RecordingActivity;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.host.model.SearchRecord.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The web service reports every search's start and end to the activity listener. */
class SearchActivityTest {

  private final RecordingActivity activity = new RecordingActivity();
  private final WebServiceImpl web = new WebServiceImpl(
      Optional::empty, LaunchEnvironment.of(Map.of()), activity, Optional::empty);

  @Test
  void aServedSearchIsReportedWithItsProviderItsQueryAndNoCode() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 3));

    Await.result(web.search(WebSearchRequest.of("weather"), AbortSignal.never()));

    SearchRecord search = activity.nextEnded();
    assertThat(activity.started).containsExactly("weather");
    assertThat(search.provider()).contains("alpha");
    assertThat(search.outcome()).isEqualTo(Outcome.OK);
    assertThat(search.code()).isEmpty();
    assertThat(search.query()).isEqualTo("weather");
    assertThat(search.duration()).isGreaterThanOrEqualTo(Duration.ZERO);
  }

  @Test
  void aProviderFailureIsAnErrorOfThatProviderWithItsCode() throws Exception {
    web.registerSearchProvider(failing("alpha",
        new WebError(WEB_PROVIDER_ERROR, "HTTP 500").withUpstream(500, null)));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()));

    SearchRecord search = activity.nextEnded();
    assertThat(search.provider()).contains("alpha");
    assertThat(search.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(search.code()).contains(WEB_PROVIDER_ERROR);
  }

  @Test
  void withNoProviderTheSearchIsAnErrorOfNone() throws Exception {
    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()));

    SearchRecord search = activity.nextEnded();
    assertThat(search.provider()).isEmpty();
    assertThat(search.code()).contains(WEB_PROVIDER_UNAVAILABLE);
  }

  @Test
  void aQueryRefusedBeforeSelectionIsReportedToo() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));

    Await.failure(web.search(
        WebSearchRequest.of("x".repeat(WebSearchRequest.MAX_QUERY_LENGTH + 1)),
        AbortSignal.never()));

    SearchRecord search = activity.nextEnded();
    assertThat(search.provider()).isEmpty();
    assertThat(search.code()).contains(WEB_INVALID_REQUEST);
  }

  @Test
  void anAbortedSearchIsAbortedNotAnError() throws Exception {
    web.registerSearchProvider(FakeProvider.hanging("alpha"));
    AbortController controller = new AbortController();

    CompletionStage<WebSearchResult> running =
        web.search(WebSearchRequest.of("q"), controller.signal());
    assertThat(activity.untaken()).isZero();
    controller.abort();
    Await.failure(running);

    SearchRecord search = activity.nextEnded();
    assertThat(search.outcome()).isEqualTo(Outcome.ABORTED);
    assertThat(search.code()).contains(WEB_ABORTED);
    assertThat(search.provider()).contains("alpha");
  }

  @Test
  void aListenerThatThrowsNeverReachesTheSearch() throws Exception {
    ActivityListener throwing = new ActivityListener() {
      @Override
      public void searchStarted(String query) {
        throw new IllegalStateException("started");
      }

      @Override
      public void searchEnded(SearchRecord search) {
        throw new IllegalStateException("ended");
      }
    };
    WebServiceImpl service = new WebServiceImpl(
        Optional::empty, LaunchEnvironment.of(Map.of()), throwing, Optional::empty);
    service.registerSearchProvider(FakeProvider.withSources("alpha", 2));

    WebSearchResult result =
        Await.result(service.search(WebSearchRequest.of("q"), AbortSignal.never()));

    assertThat(result.sources()).hasSize(2);
    WebServiceImpl.guarded(() -> {
      throw new IllegalStateException("reloaded");
    }, "reloaded");
  }

  @Test
  void queueDepthsReadEachProviderAndCountAFailingOneAsZero() {
    web.registerSearchProvider(queued("beta", 3));
    web.registerSearchProvider(queued("alpha", -1));
    web.registerSearchProvider(new Queued("gamma", 0) {
      @Override
      public int queueDepth() {
        throw new IllegalStateException("broken");
      }
    });

    assertThat(WebServiceImpl.of(web).orElseThrow().queueDepths()).containsExactly(
        Map.entry("alpha", 0), Map.entry("beta", 3), Map.entry("gamma", 0));
    assertThat(WebServiceImpl.of(web.bindTo(new FakeContext())).orElseThrow().queueDepths()).containsEntry("beta", 3);
  }

  private static WebSearchProvider failing(String id, WebError error) {
    return new FakeProvider(id, (request, signal) -> CompletableFuture.failedFuture(error));
  }

  private static WebSearchProvider queued(String id, int depth) {
    return new Queued(id, depth);
  }

  /** A provider that never answers, with a line of {@code depth} searches. */
  private static class Queued implements WebSearchProvider {
    private final String id;
    private final int depth;

    Queued(String id, int depth) {
      this.id = id;
      this.depth = depth;
    }

    @Override
    public String id() {
      return id;
    }

    @Override
    public boolean available() {
      return true;
    }

    @Override
    public int queueDepth() {
      return depth;
    }

    @Override
    public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
      return new CompletableFuture<>();
    }
  }
}
