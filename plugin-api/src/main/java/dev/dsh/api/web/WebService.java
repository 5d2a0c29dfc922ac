package dev.dsh.api.web;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.ServiceKey;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The web seam ({@code ctx.web}): providers register into it; searches go through it, each served
 * by the pinned provider, else the one available, else the one ready provider.
 */
public interface WebService {

  /** The service key, {@code "web"}. */
  ServiceKey<WebService> KEY = ServiceKey.of("web", WebService.class);

  /** Registers {@code provider} until disposed; WEB_DUPLICATE_PROVIDER when its id is taken. */
  Disposable registerSearchProvider(WebSearchProvider provider);

  /**
   * Runs one search; the stage fails with a {@link WebError}. It ends when {@code signal} fires or
   * the request's timeout passes ({@link WebError#timedOut}), whether or not the provider ends it.
   */
  CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal);

  /** The registered providers with their availability and readiness, sorted by id. */
  List<ProviderStatus> providers();
}
