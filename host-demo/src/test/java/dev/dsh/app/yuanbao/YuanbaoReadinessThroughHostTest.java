package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.internal.credentials.CredentialsPlugin.HostCredentialService;
import dev.dsh.host.internal.credentials.FileCredentialStore;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Of an in-memory provider and a keyless Yuanbao, auto-selection takes the in-memory one; once
 * Yuanbao has a key (through the credentials
 * service, its store file written by another process, or the launch environment) the choice is
 * ambiguous; a sole keyless Yuanbao still fails with its credential error; the status says why.
 */
class YuanbaoReadinessThroughHostTest extends StubbedYuanbaoTest {

  private static final CredentialRef REF = CredentialRef.of(YuanbaoHost.KEY_VARIABLE);
  private static final ProviderStatus MEMORY_READY = new ProviderStatus("memory", true, true, null);
  private static final ProviderStatus YUANBAO_KEYLESS =
      new ProviderStatus("yuanbao", true, false, "no API key for \"TENCENTCLOUD_WSA_APIKEY\"");
  private static final ProviderStatus YUANBAO_READY =
      new ProviderStatus("yuanbao", true, true, null);
  private static final String AMBIGUOUS =
      "multiple usable web providers are registered (memory, yuanbao); configure one explicitly";

  @AfterEach
  void closeHost() {
    host.close();
  }

  private Map<String, Object> row() {
    return Map.of("baseURL", stub.baseUrl());
  }

  private FakeProvider memoryBesideKeylessYuanbao() {
    FakeProvider memory = FakeProvider.withSources("memory", 2);
    host.web().registerSearchProvider(memory);
    YuanbaoHost.assertActive(host.applyYuanbao(row()));
    return memory;
  }

  private void assertAmbiguous() {
    WebError error = host.failure("q");
    assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_AMBIGUOUS);
    assertThat(error.getMessage()).isEqualTo(AMBIGUOUS);
  }

  @Test
  void theReadyInMemoryProviderIsPickedUntilYuanbaoHasAKeyInTheStore() {
    host.withCredentials().withWeb(Map.of());
    FakeProvider memory = memoryBesideKeylessYuanbao();

    assertThat(host.search("q").provider()).isEqualTo("memory");
    assertThat(host.web().providers()).containsExactly(MEMORY_READY, YUANBAO_KEYLESS);

    host.credentials().set(REF, "sk-readiness-key");

    assertAmbiguous();
    assertThat(host.web().providers()).containsExactly(MEMORY_READY, YUANBAO_READY);

    host.credentials().unset(REF);

    assertThat(host.search("q").provider()).isEqualTo("memory");
    assertThat(memory.requests()).hasSize(2);
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void aKeyStoredByAnotherProcessCountsAtTheNextSelection() {
    host.withCredentials().withWeb(Map.of());
    memoryBesideKeylessYuanbao();
    assertThat(host.search("q").provider()).isEqualTo("memory");

    // dsh credentials set while dsh run serves: another service on the same store file
    HostCredentialService other =
        new HostCredentialService(
            new FileCredentialStore(home.resolve("credentials.json"), line -> {}),
            LaunchEnvironment.of(Map.of()));
    other.set(REF, "sk-from-another-process");

    assertAmbiguous();

    other.unset(REF);

    assertThat(host.search("q").provider()).isEqualTo("memory");
  }

  @Test
  void aKeyInTheLaunchEnvironmentMakesYuanbaoReady() {
    host.withCredentials().withWeb(Map.of());
    memoryBesideKeylessYuanbao();
    assertThat(host.search("q").provider()).isEqualTo("memory");

    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-exported");

    assertAmbiguous();
  }

  @Test
  void withoutTheCredentialsRowTheLaunchEnvironmentDecidesReadiness() {
    new FileCredentialStore(home.resolve("credentials.json"), line -> {}).write(REF, "sk-in-an-unused-store");
    host.withWeb(Map.of());
    memoryBesideKeylessYuanbao();

    assertThat(host.search("q").provider()).isEqualTo("memory");

    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-exported");

    assertAmbiguous();
  }

  @Test
  void aLiteralApiKeyMakesYuanbaoReady() {
    host.withCredentials().withWeb(Map.of());
    host.web().registerSearchProvider(FakeProvider.withSources("memory", 1));
    YuanbaoHost.assertActive(
        host.applyYuanbao(Map.of("baseURL", stub.baseUrl(), "apiKey", "sk-literal")));

    assertThat(host.web().providers()).containsExactly(MEMORY_READY, YUANBAO_READY);
    assertAmbiguous();
  }

  @Test
  void aSoleKeylessYuanbaoStillFailsWithTheCredentialCodeAndHowToFixIt() {
    host.withCredentials().withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(row()));

    WebError error = host.failure("q");

    assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
    assertThat(error.getMessage())
        .isEqualTo(
            "Yuanbao search has no API key for \"TENCENTCLOUD_WSA_APIKEY\"; set apiKey, store it"
                + " with 'dsh credentials set TENCENTCLOUD_WSA_APIKEY', or export"
                + " TENCENTCLOUD_WSA_APIKEY");
    assertThat(host.web().providers()).containsExactly(YUANBAO_KEYLESS);
    assertThat(stub.searches()).isEmpty();
  }

  @Test
  void anUnusableBaseUrlIsReportedAsUnavailableWithItsReason() {
    host.withCredentials().withWeb(Map.of());
    host.credentials().set(REF, "sk-readiness-key");
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", "ftp://example.com")));

    assertThat(host.web().providers())
        .containsExactly(
            new ProviderStatus(
                "yuanbao", false, false, "baseURL is not an absolute http(s) URL"));
  }
}
