package dev.dsh.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
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

/** The reusable provider contract, offline: WireMock answers, a raw server holds the answer. */
class YuanbaoProviderContractTest extends WebSearchProviderContract {

  @RegisterExtension static final WireMockExtension server = TestSupport.stubServer();
  private static RawServer holding;
  private final List<YuanbaoSearchProvider> made = new ArrayList<>();

  @BeforeAll
  static void start() {
    holding = new RawServer(RawServer.Behaviour.HOLD);
  }

  @AfterAll
  static void stop() {
    holding.close();
  }

  @BeforeEach
  void answer() {
    server.stubFor(
        post("/SearchPro").willReturn(aResponse().withStatus(200).withBody(TestSupport.fixture("07-mixed-mode2.json"))));
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
