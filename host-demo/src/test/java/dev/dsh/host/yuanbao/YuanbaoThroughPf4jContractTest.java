package dev.dsh.host.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.dsh.host.testing.WireMockStubs;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchProviderContract;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginClassLoader;

/**
 * Issue 4 acceptance 10: plugin-api's reusable provider contract, run against the {@code yuanbao}
 * provider as the real plugin jar registers it through PF4J (taken from the web service it
 * registered into), answering from WireMock; the hanging case against a server that never answers.
 */
class YuanbaoThroughPf4jContractTest extends WebSearchProviderContract {

  @TempDir static Path homes;

  @RegisterExtension private static final WireMockExtension stub = WireMockStubs.loopback();
  private static HoldingServer holding;
  private static YuanbaoHost answering;
  private static YuanbaoHost hanging;
  private static final CountingWebPlugin answeringWeb = new CountingWebPlugin();
  private static final CountingWebPlugin hangingWeb = new CountingWebPlugin();

  @BeforeAll
  static void start() {
    holding = new HoldingServer();

    answering = new YuanbaoHost(homes.resolve("answering")).withWeb(answeringWeb);
    answering.env.put(YuanbaoHost.KEY_VARIABLE, "sk-contract");
    YuanbaoHost.assertActive(answering.applyYuanbao(Map.of("baseURL", stub.baseUrl())));

    hanging = new YuanbaoHost(homes.resolve("hanging")).withWeb(hangingWeb);
    hanging.env.put(YuanbaoHost.KEY_VARIABLE, "sk-contract");
    YuanbaoHost.assertActive(hanging.applyYuanbao(Map.of("baseURL", holding.baseUrl())));
  }

  @AfterAll
  static void stop() {
    answering.close();
    hanging.close();
    holding.close();
  }

  @BeforeEach
  void answer() {
    stub.stubFor(
        post(urlEqualTo("/SearchPro"))
            .willReturn(aResponse().withBody(YuanbaoHost.fixture("07-mixed-mode2.json"))));
  }

  @Override
  protected WebSearchProvider provider() {
    return answeringWeb.provider();
  }

  @Override
  protected Optional<WebSearchProvider> hangingProvider() {
    return Optional.of(hangingWeb.provider());
  }

  @Test
  void theProviderUnderTestIsTheOneThePluginJarRegisteredThroughPf4j() {
    WebSearchProvider provider = provider();

    assertThat(provider.id()).isEqualTo("yuanbao");
    assertThat(provider.getClass().getName()).isEqualTo("dev.dsh.yuanbao.YuanbaoSearchProvider");
    assertThat(provider.getClass().getClassLoader()).isInstanceOf(PluginClassLoader.class);
    assertThat(answeringWeb.registered).containsExactly(provider);
  }
}
