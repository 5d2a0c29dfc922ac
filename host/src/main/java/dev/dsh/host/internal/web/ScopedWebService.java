package dev.dsh.host.internal.web;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import java.util.List;
import java.util.concurrent.CompletionStage;

/** The web service as one scope sees it: its provider registrations are effects of that scope. */
final class ScopedWebService implements WebService {

  private final WebService service;
  private final Context caller;

  ScopedWebService(WebService service, Context caller) {
    this.service = service;
    this.caller = caller;
  }

  /**
   * Registers {@code provider} and hands the registration to the caller's scope, so the provider is
   * withdrawn when that scope ends. The returned handle withdraws it early.
   *
   * @throws IllegalStateException when the caller's context is inactive (nothing stays registered)
   */
  @Override
  public Disposable registerSearchProvider(WebSearchProvider provider) {
    Disposable registration = service.registerSearchProvider(provider);
    try {
      return caller.effect(registration);
    } catch (RuntimeException e) {
      registration.dispose();
      throw e;
    }
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    return service.search(request, signal);
  }

  @Override
  public List<ProviderStatus> providers() {
    return service.providers();
  }

  /** The service this view is of. */
  WebService service() {
    return service;
  }

  @Override
  public String toString() {
    return service.toString();
  }
}
