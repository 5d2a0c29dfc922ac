package dev.dsh.host.internal.web;

import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchProviderContract;
import dev.dsh.host.fakes.FakeProvider;
import java.util.Optional;

/** The reusable provider contract of plugin-api's test-jar, run against the in-memory provider. */
class InMemoryProviderContractTest extends WebSearchProviderContract {

  @Override
  protected WebSearchProvider provider() {
    return FakeProvider.withSources("memory", 3);
  }

  @Override
  protected Optional<WebSearchProvider> hangingProvider() {
    return Optional.of(FakeProvider.hanging("memory"));
  }
}
