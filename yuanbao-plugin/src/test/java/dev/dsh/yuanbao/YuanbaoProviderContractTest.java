package dev.dsh.yuanbao;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchProviderContract;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The reusable provider contract, offline: one SearchPro stub answers, another holds answers. */
class YuanbaoProviderContractTest extends WebSearchProviderContract {

  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();
  private static SearchProStub holding;
  private final List<YuanbaoSearchProvider> made = new ArrayList<>();

  @BeforeAll
  static void start() {
    holding = SearchProStub.answering(StubReply.hold());
  }

  @AfterAll
  static void stop() {
    holding.close();
  }

  @BeforeEach
  void answer() {
    server.answer(StubReply.json(TestSupport.fixture("07-mixed-mode2.json")));
  }

  @AfterEach
  void closeProviders() {
    made.forEach(YuanbaoSearchProvider::close);
  }

  private YuanbaoSearchProvider track(YuanbaoSearchProvider provider) {
    made.add(provider);
    return provider;
  }

  @Override
  protected WebSearchProvider provider() {
    return track(TestSupport.provider(TestSupport.config(server.baseUrl())));
  }

  @Override
  protected Optional<WebSearchProvider> hangingProvider() {
    return Optional.of(track(TestSupport.provider(TestSupport.config(holding.baseUrl()))));
  }
}
