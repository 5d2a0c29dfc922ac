package dev.dsh.spring.ai;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.api.web.WebService;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An application's own web service: answers each search with one source about its query, or
 * never answers at all; keeps every search it was asked for.
 */
final class RecordingWebService implements WebService {

  record Search(WebSearchRequest request, AbortSignal signal) {}

  private final boolean answers;
  private final List<Search> searches = new CopyOnWriteArrayList<>();

  private RecordingWebService(boolean answers) {
    this.answers = answers;
  }

  /** A service answering every search with one source, {@code https://own.example/<query>}. */
  static RecordingWebService answering() {
    return new RecordingWebService(true);
  }

  /** A service whose searches never end, abort or not: a provider that ignores its signal. */
  static RecordingWebService hanging() {
    return new RecordingWebService(false);
  }

  List<Search> searches() {
    return List.copyOf(searches);
  }

  @Override
  public Disposable registerSearchProvider(WebSearchProvider provider) {
    throw new UnsupportedOperationException("an application's service takes no providers");
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    searches.add(new Search(request, signal));
    if (!answers) {
      return new CompletableFuture<>();
    }
    String url = "https://own.example/" + request.query().replace(' ', '-');
    return CompletableFuture.completedFuture(new WebSearchResult(
        "own", null, List.of(new WebSearchSource(url, "Own " + request.query(), null, null)), false, 0));
  }

  @Override
  public List<ProviderStatus> providers() {
    return List.of();
  }
}
