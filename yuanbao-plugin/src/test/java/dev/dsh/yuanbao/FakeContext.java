package dev.dsh.yuanbao;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Config;
import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** The slice of a host context the plugin entry uses: services, effects and an update handler. */
final class FakeContext implements Context {

  final Map<ServiceKey<?>, Object> services = new HashMap<>();
  final List<Disposable> effects = new ArrayList<>();
  final FakeWeb web = new FakeWeb();
  ConfigUpdateHandler handler;

  FakeContext() {
    services.put(WebService.KEY, web);
  }

  /** Releases the effects in reverse order, as a scope does. */
  void dispose() {
    for (int i = effects.size() - 1; i >= 0; i--) {
      effects.get(i).dispose();
    }
    effects.clear();
  }

  @Override
  public Scope scope() {
    throw new UnsupportedOperationException("no scope in this test");
  }

  @Override
  public boolean isActive() {
    return true;
  }

  @Override
  public <T> Optional<T> get(ServiceKey<T> key) {
    return Optional.ofNullable(key.type().cast(services.get(key)));
  }

  @Override
  public <T> T inject(ServiceKey<T> key) {
    return get(key).orElseThrow(() -> new IllegalStateException("no " + key));
  }

  @Override
  public <T> Disposable provide(ServiceKey<T> key, T service) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Scope plugin(Plugin plugin, Map<String, ?> config) {
    throw new UnsupportedOperationException();
  }

  @Override
  public Disposable effect(Disposable release) {
    effects.add(release);
    return release;
  }

  @Override
  public Disposable accept(ConfigUpdateHandler updateHandler) {
    this.handler = updateHandler;
    return () -> this.handler = null;
  }

  /** A web service that only records registrations. */
  static final class FakeWeb implements WebService {
    final List<WebSearchProvider> registered = new ArrayList<>();
    int registrations;

    @Override
    public Disposable registerSearchProvider(WebSearchProvider provider) {
      registrations++;
      registered.add(provider);
      return () -> registered.remove(provider);
    }

    @Override
    public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
      return registered.get(0).search(request, signal);
    }

    @Override
    public List<ProviderStatus> providers() {
      return registered.stream().map(p -> new ProviderStatus(p.id(), p.available(), p.available(), null)).toList();
    }
  }

  /** A row config bound without a schema (the host validates; here the test is the schema). */
  record FakeConfig(Map<String, Object> raw) implements Config {
    @Override
    public <T> T bind(Class<T> type) {
      Object count = raw.get("count");
      return type.cast(
          new YuanbaoConfig(
              (String) raw.get("apiKey"),
              (String) raw.get("apiKeyEnv"),
              (String) raw.get("baseURL"),
              count == null ? null : ((Number) count).intValue(),
              (String) raw.get("mode"),
              (String) raw.get("industry"),
              raw.get("maxConcurrentSearches") instanceof Number n ? n.intValue() : null));
    }
  }
}
