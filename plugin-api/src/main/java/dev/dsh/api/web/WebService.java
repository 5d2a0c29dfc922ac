package dev.dsh.api.web;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.ServiceKey;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The web seam ({@code ctx.web}): providers register into it; searches go through it.
 *
 * <p>Selection on every call: the pinned provider (the {@code web} row's {@code searchProvider},
 * else the launch environment's {@code DSH_WEB_SEARCH_PROVIDER}) when there is one, else the one
 * available provider; of several available ones, the one {@linkplain WebSearchProvider#ready()
 * ready} provider (several ready, or several available and none ready, is {@link
 * WebErrorCodes#WEB_PROVIDER_AMBIGUOUS}). The result is cut to {@link
 * WebSearchRequest#maxResults()} and carries the serving provider's id.
 */
public interface WebService {

  /** The service key, {@code "web"}. */
  ServiceKey<WebService> KEY = ServiceKey.of("web", WebService.class);

  /**
   * Registers {@code provider} until the caller's scope ends or the handle is disposed.
   *
   * @throws WebError {@link WebErrorCodes#WEB_DUPLICATE_PROVIDER} when the id is taken
   */
  Disposable registerSearchProvider(WebSearchProvider provider);

  /**
   * Selects a provider and runs one search. A query longer than {@link
   * WebSearchRequest#MAX_QUERY_LENGTH} fails with {@link WebErrorCodes#WEB_INVALID_REQUEST} before
   * any provider is called. When {@code signal} fires, or the request's {@linkplain
   * WebSearchRequest#timeout() timeout} passes ({@link WebError#timedOut}), the provider's signal
   * fires and the search ends, whether or not the provider ends it.
   *
   * @return a stage that completes with the result, or exceptionally with a {@link WebError}
   */
  CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal);

  /** The registered providers with their availability and readiness, sorted by id. */
  List<ProviderStatus> providers();
}
