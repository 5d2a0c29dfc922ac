package dev.dsh.langchain4j;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * An in-memory web service: each search is answered by a function of the request (cut to
 * {@code maxResults}, as the host's service cuts), or by a stage the test completes itself.
 */
final class FakeWebService implements WebService {

  record Search(WebSearchRequest request, AbortSignal signal) {}

  private final Function<WebSearchRequest, CompletionStage<WebSearchResult>> answer;
  final List<Search> searches = new CopyOnWriteArrayList<>();

  /** Answers each search with {@code answer}'s result, cut to the request's maxResults. */
  FakeWebService(Function<WebSearchRequest, WebSearchResult> answer) {
    this.answer = request -> CompletableFuture.completedFuture(cut(answer.apply(request), request));
  }

  private FakeWebService(CompletionStage<WebSearchResult> stage) {
    this.answer = request -> stage;
  }

  /** A service whose every search returns {@code stage}. */
  static FakeWebService answering(CompletionStage<WebSearchResult> stage) {
    return new FakeWebService(stage);
  }

  private static WebSearchResult cut(WebSearchResult result, WebSearchRequest request) {
    int limit = request.maxResults() == null ? Integer.MAX_VALUE : request.maxResults();
    if (result.sources().size() <= limit) {
      return new WebSearchResult("fake", result.content(), result.sources(), result.truncated(), 0);
    }
    return new WebSearchResult("fake", result.content(), result.sources().subList(0, limit), true, 0);
  }

  @Override
  public Disposable registerSearchProvider(WebSearchProvider provider) {
    throw new UnsupportedOperationException("not in this fake");
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    searches.add(new Search(request, signal));
    return answer.apply(request);
  }

  @Override
  public List<ProviderStatus> providers() {
    return List.of();
  }
}
