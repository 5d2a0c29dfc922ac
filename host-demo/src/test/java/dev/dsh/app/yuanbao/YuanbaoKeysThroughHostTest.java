package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.internal.credentials.CredentialsPlugin.HostCredentialService;
import dev.dsh.host.internal.credentials.FileCredentialStore;
import dev.dsh.host.model.LifecycleEvent.Kind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The key is resolved on every search from the mounted
 * credentials service (store, then launch environment), or from the launch environment when the
 * credentials row is not running; a rotated key is used by the next search without any reload.
 */
class YuanbaoKeysThroughHostTest extends StubbedYuanbaoTest {

  private static final CredentialRef REF = CredentialRef.of(YuanbaoHost.KEY_VARIABLE);

  @AfterEach
  void closeHost() {
    host.close();
  }

  private Map<String, Object> row() {
    return Map.of("baseURL", stub.baseUrl());
  }

  private static List<String> authorizations() {
    return stub.searches().stream()
        .map(r -> r.header("Authorization").orElse(null))
        .toList();
  }

  @Test
  void aKeyRotatedInTheStoreIsUsedByTheNextSearchWithoutAnyReload() {
    host.withCredentials().withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(row()));

    host.credentials().set(REF, "sk-first-key");
    host.search("one");
    host.credentials().set(REF, "sk-second-key");
    host.search("two");
    // another process (dsh credentials set while dsh run serves) writes the same store file
    new HostCredentialService(
            new FileCredentialStore(home.resolve("credentials.json"), line -> {}),
            LaunchEnvironment.of(Map.of()))
        .set(REF, "sk-third-key");
    host.search("three");

    assertThat(authorizations())
        .containsExactly("Bearer sk-first-key", "Bearer sk-second-key", "Bearer sk-third-key");
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED);
  }

  @Test
  void withCredentialsMountedAndNothingStoredTheLaunchEnvironmentIsStillRead() {
    host.withCredentials().withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(row()));
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-exported");

    host.search("q");
    host.credentials().set(REF, "sk-stored");
    host.search("q");

    assertThat(authorizations()).containsExactly("Bearer sk-exported", "Bearer sk-stored");
  }

  @Test
  void withTheCredentialsRowNotRunningTheLaunchEnvironmentIsRead() {
    new FileCredentialStore(home.resolve("credentials.json"), line -> {}).write(REF, "sk-in-an-unused-store");
    host.withWeb(Map.of());
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-from-env");
    YuanbaoHost.assertActive(host.applyYuanbao(row()));

    host.search("q");
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-env-rotated");
    host.search("q");

    assertThat(authorizations()).containsExactly("Bearer sk-from-env", "Bearer sk-env-rotated");
  }

  @Test
  void aLiteralApiKeyWinsOverTheStoreAndTheEnvironment() {
    host.withCredentials().withWeb(Map.of());
    host.credentials().set(REF, "sk-stored");
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-exported");
    YuanbaoHost.assertActive(
        host.applyYuanbao(Map.of("baseURL", stub.baseUrl(), "apiKey", "sk-literal")));

    host.search("q");

    assertThat(authorizations()).containsExactly("Bearer sk-literal");
  }

  @Test
  void aCustomReferenceIsResolvedThroughTheStore() {
    host.withCredentials().withWeb(Map.of());
    host.credentials().set(CredentialRef.of("TEAM_WSA_KEY"), "sk-team");
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-default-ref");
    YuanbaoHost.assertActive(
        host.applyYuanbao(Map.of("baseURL", stub.baseUrl(), "apiKeyEnv", "TEAM_WSA_KEY")));

    host.search("q");

    assertThat(stub.searches())
        .filteredOn(r -> r.hasHeader("Authorization", "Bearer sk-team"))
        .isNotEmpty();
  }

  @Test
  void noKeyAnywhereFailsWithTheCredentialCodeAndSendsNothing() {
    host.withCredentials().withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(row()));

    WebError error = host.failure("q");

    assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
    assertThat(error.getMessage())
        .startsWith("Yuanbao search has no API key for \"TENCENTCLOUD_WSA_APIKEY\"")
        .contains("dsh credentials set TENCENTCLOUD_WSA_APIKEY");
    assertThat(stub.searches()).isEmpty();
  }
}
