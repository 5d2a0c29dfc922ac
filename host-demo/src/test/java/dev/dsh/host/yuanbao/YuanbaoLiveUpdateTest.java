package dev.dsh.host.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.dsh.host.testing.WireMockStubs;
import dev.dsh.api.Scope;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.runtime.LifecycleEvent.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 4 acceptance 7 through the host: a valid {@code scope.update} of the Yuanbao row reaches
 * the next search while the provider the plugin registered stays the one registration.
 */
class YuanbaoLiveUpdateTest {

  private static final String KEY = "sk-live-update";
  @RegisterExtension private static final WireMockExtension first = WireMockStubs.loopback();
  @RegisterExtension private static final WireMockExtension second = WireMockStubs.loopback();

  @TempDir Path home;
  private YuanbaoHost host;
  private final CountingWebPlugin web = new CountingWebPlugin();

  @BeforeEach
  void serveAnswers() {
    for (WireMockExtension stub : List.of(first, second)) {
      stub.stubFor(
          post(urlEqualTo("/SearchPro"))
              .willReturn(aResponse().withBody(YuanbaoHost.fixture("01-normal-zh-10.json"))));
    }
    host = new YuanbaoHost(home).withWeb(web);
  }

  @AfterEach
  void closeHost() {
    host.close();
  }

  private static Map<String, Object> row(String baseURL) {
    return Map.of("apiKey", KEY, "baseURL", baseURL);
  }

  @Test
  void aNewBaseUrlReachesTheNextSearchWithoutARegistration() {
    Scope scope = host.applyYuanbao(row(first.baseUrl()));
    YuanbaoHost.assertActive(scope);
    host.search("first");

    scope.update(row(second.baseUrl()));
    host.search("second");

    first.verify(1, postRequestedFor(urlEqualTo("/SearchPro")));
    first.verify(
        postRequestedFor(urlEqualTo("/SearchPro"))
            .withRequestBody(equalTo("{\"Query\":\"first\",\"Cnt\":10}")));
    second.verify(1, postRequestedFor(urlEqualTo("/SearchPro")));
    second.verify(
        postRequestedFor(urlEqualTo("/SearchPro"))
            .withHeader("Authorization", equalTo("Bearer " + KEY))
            .withRequestBody(equalTo("{\"Query\":\"second\",\"Cnt\":10}")));
    assertThat(web.registered).hasSize(1);
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED);
    YuanbaoHost.assertActive(scope);
  }

  @Test
  void aNewCountReachesTheNextSearchWithoutARegistration() {
    Scope scope = host.applyYuanbao(row(first.baseUrl()));
    host.search("before");

    scope.update(Map.of("apiKey", KEY, "baseURL", first.baseUrl(), "count", 30));
    host.search("after");

    first.verify(
        postRequestedFor(urlEqualTo("/SearchPro"))
            .withRequestBody(equalTo("{\"Query\":\"before\",\"Cnt\":10}")));
    first.verify(
        postRequestedFor(urlEqualTo("/SearchPro"))
            .withRequestBody(equalTo("{\"Query\":\"after\",\"Cnt\":30}")));
    assertThat(web.registered).hasSize(1);
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED);
  }

  @Test
  void anUpdateToAnUnusableUriMakesTheSameProviderUnavailableAndBackAgain() {
    Scope scope = host.applyYuanbao(row(first.baseUrl()));

    scope.update(row("ftp://example.com"));
    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", false, "baseURL is not an absolute http(s) URL"));
    assertThat(host.failure("q").code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE);

    scope.update(row(second.baseUrl()));
    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", true));
    assertThat(host.search("q").provider()).isEqualTo("yuanbao");

    second.verify(1, postRequestedFor(urlEqualTo("/SearchPro")));
    first.verify(0, postRequestedFor(urlEqualTo("/SearchPro")));
    assertThat(web.registered).hasSize(1);
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED, Kind.UPDATED);
  }

  @Test
  void theBuiltInWebServiceKeepsServingTheSameRegistrationAcrossUpdates() {
    try (YuanbaoHost builtIn = new YuanbaoHost(home.resolve("built-in")).withWeb(Map.of())) {
      Scope scope = builtIn.applyYuanbao(row(first.baseUrl()));
      builtIn.search("one");
      scope.update(Map.of("apiKey", KEY, "baseURL", second.baseUrl(), "count", 20));
      builtIn.search("two");

      second.verify(
          postRequestedFor(urlEqualTo("/SearchPro"))
              .withRequestBody(equalTo("{\"Query\":\"two\",\"Cnt\":20}")));
      assertThat(builtIn.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED);
      assertThat(builtIn.web().providers()).containsExactly(new ProviderStatus("yuanbao", true));
    }
  }
}
