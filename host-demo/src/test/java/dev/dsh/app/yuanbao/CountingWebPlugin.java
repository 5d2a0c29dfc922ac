package dev.dsh.app.yuanbao;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.runtime.ContextAware;
import dev.dsh.host.internal.web.WebServiceImpl;
import dev.dsh.host.model.ActivityListener;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@code web} row backed by the host's real {@link WebServiceImpl} that also records every
 * provider registered through it, so a test can see how often a plugin registered and take the
 * provider instance it registered (without widening the web service's API).
 */
final class CountingWebPlugin implements Plugin {

  /** Every provider registered, in order; a re-registration shows as a second entry. */
  final List<WebSearchProvider> registered = new CopyOnWriteArrayList<>();

  @Override
  public String name() {
    return "web";
  }

  @Override
  public void apply(Context ctx, Config config) {
    WebServiceImpl service = new WebServiceImpl(Optional::empty, name -> ctx.env().get(name),
        ActivityListener.NONE, Optional::empty);
    ctx.effect(service::close);
    ctx.provide(WebService.KEY, new Counting(service));
  }

  /** The provider registered last. */
  WebSearchProvider provider() {
    return registered.get(registered.size() - 1);
  }

  private final class Counting implements WebService, ContextAware<WebService> {

    private final WebServiceImpl service;

    Counting(WebServiceImpl service) {
      this.service = service;
    }

    @Override
    public WebService bindTo(Context caller) {
      WebService bound = service.bindTo(caller);
      return new WebService() {
        @Override
        public Disposable registerSearchProvider(WebSearchProvider provider) {
          Disposable registration = bound.registerSearchProvider(provider);
          registered.add(provider);
          return registration;
        }

        @Override
        public CompletionStage<WebSearchResult> search(
            WebSearchRequest request, AbortSignal signal) {
          return bound.search(request, signal);
        }

        @Override
        public List<ProviderStatus> providers() {
          return bound.providers();
        }
      };
    }

    @Override
    public Disposable registerSearchProvider(WebSearchProvider provider) {
      Disposable registration = service.registerSearchProvider(provider);
      registered.add(provider);
      return registration;
    }

    @Override
    public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
      return service.search(request, signal);
    }

    @Override
    public List<ProviderStatus> providers() {
      return service.providers();
    }
  }
}
