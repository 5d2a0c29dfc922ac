package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.testing.StubRequest;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebService;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The PF4J entry: registration, live update in place, unload, and config checks. */
class PluginEntryTest {

  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();

  @BeforeEach
  void reset() {
    server.answer(StubReply.json(TestSupport.fixture("01-normal-zh-10.json")));
  }

  private static Map<String, Object> row(String baseURL) {
    Map<String, Object> raw = new HashMap<>();
    raw.put("apiKey", TestSupport.KEY);
    raw.put("baseURL", baseURL);
    return raw;
  }

  @Test
  void entryDeclaresItsNameServicesAndConfigType() {
    YuanbaoPlugin plugin = new YuanbaoPlugin();
    assertThat(plugin.name()).isEqualTo("dsh-web-search-yuanbao");
    assertThat(plugin.inject()).isEqualTo(Set.of(WebService.KEY));
    assertThat(plugin.configType()).contains(YuanbaoConfig.class);
  }

  @Test
  void applyRegistersTheYuanbaoProviderAndUnloadClosesIt() throws Exception {
    FakeContext ctx = new FakeContext();
    new YuanbaoPlugin().apply(ctx, new FakeContext.FakeConfig(row(server.baseUrl())));
    assertThat(ctx.web.registered).hasSize(1);
    WebSearchProvider provider = ctx.web.registered.get(0);
    assertThat(provider.id()).isEqualTo("yuanbao");
    assertThat(provider.available()).isTrue();
    assertThat(TestSupport.await(provider.search(WebSearchRequest.of("q"), AbortSignal.never())).sources())
        .hasSize(10);
    ctx.dispose();
    assertThat(provider.available()).isFalse();
    assertThat(TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never())).code())
        .isEqualTo(WebErrorCodes.WEB_ABORTED);
  }

  @Test
  void liveUpdateReachesTheNextSearchWithoutRegisteringAgain() throws Exception {
    FakeContext ctx = new FakeContext();
    new YuanbaoPlugin().apply(ctx, new FakeContext.FakeConfig(row(server.baseUrl())));
    WebSearchProvider provider = ctx.web.registered.get(0);
    TestSupport.await(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));

    Map<String, Object> next = row(server.baseUrl() + "/v2");
    next.put("count", 30);
    assertThat(ctx.handler.accept(new FakeContext.FakeConfig(next))).isTrue();
    TestSupport.await(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));

    List<StubRequest> requests = server.requests();
    assertThat(requests).extracting(StubRequest::path).containsExactly("/SearchPro", "/v2/SearchPro");
    assertThat(requests.get(1).body()).isEqualTo("{\"Query\":\"q\",\"Cnt\":30}");
    assertThat(ctx.web.registrations).isEqualTo(1);
    ctx.dispose();
  }

  @Test
  void badApiKeyEnvFailsApplyNamingTheField() {
    FakeContext ctx = new FakeContext();
    Map<String, Object> raw = row(server.baseUrl());
    raw.put("apiKeyEnv", "not a name");
    assertThatThrownBy(() -> new YuanbaoPlugin().apply(ctx, new FakeContext.FakeConfig(raw)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("apiKeyEnv: invalid credential reference")
        .hasMessageNotContaining("not a name");
    assertThat(ctx.web.registered).isEmpty();
  }

  @Test
  void badApiKeyEnvInAnUpdateIsRefusedAndTheOldSettingsKeepServing() throws Exception {
    FakeContext ctx = new FakeContext();
    new YuanbaoPlugin().apply(ctx, new FakeContext.FakeConfig(row(server.baseUrl())));
    Map<String, Object> raw = row(server.baseUrl() + "/other");
    raw.put("apiKeyEnv", "1BAD");
    assertThatThrownBy(() -> ctx.handler.accept(new FakeContext.FakeConfig(raw)))
        .hasMessageStartingWith("apiKeyEnv:");
    TestSupport.await(ctx.web.registered.get(0).search(WebSearchRequest.of("q"), AbortSignal.never()));
    assertThat(server.requests()).extracting(StubRequest::path)
        .containsExactly("/SearchPro");
    ctx.dispose();
  }

  @Test
  void nonHttpBaseUrlMakesTheProviderUnavailable() {
    for (String base : List.of("ftp://example.com", "mailto:someone@example.com", "example.com", "/relative", "http:opaque",
        "http://host:99999/", "http://under_score/")) {
      // A query or a fragment has a reason of its own (BaseUrlReasonTest).
      try (var provider = TestSupport.provider(TestSupport.config(base))) {
        assertThat(provider.available()).as(base).isFalse();
        assertThat(provider.unavailableReason())
            .as(base)
            .contains("baseURL is not an absolute http(s) URL");
      }
    }
    try (var provider = TestSupport.provider(TestSupport.config("HTTPS://api.example.com/x/"))) {
      assertThat(provider.available()).isTrue();
      assertThat(provider.unavailableReason()).isEmpty();
    }
  }

  @Test
  void providerRefusesAnInvalidReferenceOrCountNamingTheField() {
    Optional<CredentialService> none = Optional.empty();
    assertThatThrownBy(
            () -> new YuanbaoSearchProvider(Configs.withApiKeyEnv(Configs.defaults(), "a-b"), () -> none, LaunchEnvironment.of(Map.of())))
        .hasMessageStartingWith("apiKeyEnv:");
    assertThatThrownBy(
            () -> new YuanbaoSearchProvider(Configs.withCount(Configs.defaults(), 15), () -> none, LaunchEnvironment.of(Map.of())))
        .hasMessageStartingWith("count:");
  }

  @Test
  void liveReconfigureOfTheProviderReachesTheNextSearch() {
    try (var provider = TestSupport.provider(TestSupport.config(server.baseUrl()))) {
      TestSupport.search(provider, "q");
      provider.reconfigure(Configs.withCount(TestSupport.config(server.baseUrl() + "/p"), 50));
      TestSupport.search(provider, "q");
    }
    List<StubRequest> requests = server.requests();
    assertThat(requests).extracting(StubRequest::path).containsExactly("/SearchPro", "/p/SearchPro");
    assertThat(requests.get(1).body()).isEqualTo("{\"Query\":\"q\",\"Cnt\":50}");
  }

  @Test
  void configDefaultsAndRedactedToString() {
    YuanbaoConfig defaults = Configs.defaults();
    assertThat(defaults.apiKey()).isNull();
    assertThat(defaults.apiKeyEnv()).isEqualTo("TENCENTCLOUD_WSA_APIKEY");
    assertThat(defaults.baseURL()).isEqualTo("https://api.wsa.cloud.tencent.com");
    assertThat(defaults.count()).isEqualTo(10);
    assertThat(Configs.withApiKey(defaults, TestSupport.KEY).toString())
        .doesNotContain(TestSupport.KEY)
        .contains("apiKey=<redacted>");
  }
}
