package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeProvider;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The row's config is checked by the schema embedded in the
 * plugin's config class before {@code apply}, and a URI the provider cannot use leaves it
 * registered but unavailable.
 */
class YuanbaoRowConfigTest extends StubbedYuanbaoTest {

  @BeforeEach
  void setKey() {
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-row-config");
  }

  @AfterEach
  void closeHost() {
    host.close();
  }

  @Test
  void anFtpBaseUrlPassesTheSchemaButListsTheProviderUnavailable() {
    host.withWeb(Map.of());
    Scope scope = host.applyYuanbao(Map.of("baseURL", "ftp://example.com"));

    YuanbaoHost.assertActive(scope);
    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", false, false, "baseURL is not an absolute http(s) URL"));
    assertThat(host.failure("q").code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE);
  }

  @Test
  void anFtpBaseUrlPinnedOnTheWebRowFailsAsConfiguredUnavailable() {
    host.withWeb(Map.of("searchProvider", "yuanbao"));
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", "ftp://example.com")));

    assertThat(host.failure("q").code())
        .isEqualTo(WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE);
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void aMailtoBaseUrlIsUnavailableToo() {
    host.withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", "mailto:ops@example.com")));

    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", false, false, "baseURL is not an absolute http(s) URL"));
  }

  @Test
  void aBaseUrlThatIsNotAUriAndAnUnsupportedCountFailTheScopeWithBothPointers() {
    host.withWeb(Map.of());
    Scope scope = host.applyYuanbao(Map.of("baseURL", "not a uri", "count", 15));

    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);
    ConfigException error = (ConfigException) scope.error().orElseThrow();
    assertThat(error.violations())
        .extracting(ConfigViolation::pointer)
        .containsExactlyInAnyOrder("/baseURL", "/count");
    assertThat(error.getMessage()).contains("/count: must be one of 10, 20, 30, 40, 50 (got 15)");
    assertThat(host.web().providers()).isEmpty();
    assertThat(host.failure("q").code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE);
  }

  @Test
  void anApiKeyEnvThatIsNotAReferenceNameFailsTheScopeNamingTheField() {
    host.withWeb(Map.of());
    Scope scope = host.applyYuanbao(Map.of("baseURL", stub.baseUrl(), "apiKeyEnv", "MY-KEY"));

    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);
    ConfigException error = (ConfigException) scope.error().orElseThrow();
    assertThat(error.violations())
        .extracting(ConfigViolation::pointer)
        .containsExactly("/apiKeyEnv");
    assertThat(error.getMessage())
        .contains(
            "/apiKeyEnv: must be a credential name: letters, digits and '_', not starting with a"
                + " digit");
    assertThat(host.web().providers()).isEmpty();
  }

  @Test
  void anInvalidUpdateKeepsTheRunningProviderAndItsConfig() {
    host.withWeb(Map.of());
    Scope scope = host.applyYuanbao(Map.of("baseURL", stub.baseUrl()));
    YuanbaoHost.assertActive(scope);

    Throwable thrown =
        catchThrowable(() -> scope.update(Map.of("baseURL", stub.baseUrl(), "apiKeyEnv", "1ABC")));

    assertThat(thrown).isInstanceOf(ConfigException.class).hasMessageContaining("/apiKeyEnv");
    YuanbaoHost.assertActive(scope);
    assertThat(host.search("q").provider()).isEqualTo("yuanbao");
    assertThat(stub.requests()).hasSize(1);
  }

  @Test
  void theOnlyAvailableBackendIsSelectedWithoutAPin() {
    host.withWeb(Map.of());
    FakeProvider idle = FakeProvider.withSources("idle", 1);
    idle.setAvailable(false);
    host.web().registerSearchProvider(idle);
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", stub.baseUrl())));

    WebSearchResult result = host.search("drone delivery");

    assertThat(result.provider()).isEqualTo("yuanbao");
    assertThat(result.sources()).isNotEmpty();
    assertThat(stub.searches()).hasSize(1);
  }

  @Test
  void aPinOnTheWebRowSelectsYuanbaoAmongSeveralAvailableBackends() {
    host.withWeb(Map.of());
    host.web().registerSearchProvider(FakeProvider.withSources("another", 2));
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", stub.baseUrl())));
    assertThat(host.failure("q").code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_AMBIGUOUS);

    host.row("web").update(Map.of("searchProvider", "yuanbao"));

    assertThat(host.search("q").provider()).isEqualTo("yuanbao");
    assertThat(stub.searches()).hasSize(1);
  }
}
