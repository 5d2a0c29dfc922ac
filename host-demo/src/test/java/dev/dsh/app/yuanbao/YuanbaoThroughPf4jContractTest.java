package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
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
 * plugin-api's reusable provider contract, run against the {@code yuanbao}
 * provider as the real plugin jar registers it through PF4J (taken from the web service it
 * registered into), answering from the SearchPro stub; the hanging case against a stub that never
 * answers.
 */
class YuanbaoThroughPf4jContractTest extends WebSearchProviderContract {

  @TempDir static Path homes;

  @RegisterExtension private static final SearchProStub stub = SearchProStub.unrouted();
  private static SearchProStub holding;
  private static YuanbaoHost answering;
  private static YuanbaoHost hanging;
  private static final CountingWebPlugin answeringWeb = new CountingWebPlugin();
  private static final CountingWebPlugin hangingWeb = new CountingWebPlugin();

  @BeforeAll
  static void start() {
    holding = SearchProStub.answering(StubReply.hold());

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
    stub.answer(StubReply.json(YuanbaoHost.fixture("07-mixed-mode2.json")));
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
