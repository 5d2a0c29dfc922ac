package dev.dsh.host.internal.credentials;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.fakes.FakeContext;
import dev.dsh.host.fakes.MapConfig;
import dev.dsh.host.internal.env.EnvPlugin;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialsPluginTest {

  private static final CredentialRef KEY = CredentialRef.of("TENCENTCLOUD_WSA_APIKEY");

  @TempDir Path home;

  @Test
  void theDefaultStoreIsCredentialsJsonInTheHomeFolder() throws Exception {
    FakeContext scope = new FakeContext();

    new CredentialsPlugin(home, line -> {}).apply(scope, MapConfig.of(Map.of("store", "credentials.json")));
    scope.inject(CredentialService.KEY).set(KEY, "value");

    assertThat(home.resolve("credentials.json")).exists();
  }

  @Test
  void aRelativeStoreIsResolvedAgainstTheHomeFolder() {
    FakeContext scope = new FakeContext();

    new CredentialsPlugin(home, line -> {}).apply(scope, MapConfig.of(Map.of("store", "keys/mine.json")));
    scope.inject(CredentialService.KEY).set(KEY, "value");

    assertThat(home.resolve("keys/mine.json")).exists();
  }

  @Test
  void theLaunchEnvironmentComesFromTheMountedEnvService() throws Exception {
    FakeContext envScope = new FakeContext();
    new EnvPlugin(LaunchEnvironment.of(Map.of(KEY.name(), "from-env")))
        .apply(envScope, MapConfig.empty());
    FakeContext credentialsScope = new FakeContext(envScope.services());
    new CredentialsPlugin(home, line -> {}).apply(credentialsScope, MapConfig.empty());

    Optional<Credential> resolved =
        credentialsScope
            .inject(CredentialService.KEY)
            .resolve(KEY)
            .toCompletableFuture()
            .get(5, TimeUnit.SECONDS);

    assertThat(resolved).contains(new Credential("from-env", CredentialSource.ENV));
  }

  @Test
  void theServiceIsWithdrawnWhenTheScopeEnds() {
    FakeContext scope = new FakeContext();
    new CredentialsPlugin(home, line -> {}).apply(scope, MapConfig.empty());

    scope.dispose();

    assertThat(scope.get(CredentialService.KEY)).isEmpty();
  }

  @Test
  void aMissingOrBlankStoreMeansTheDefault() {
    assertThat(new CredentialsPlugin.CredentialsConfig(null).store()).isEqualTo("credentials.json");
    assertThat(new CredentialsPlugin.CredentialsConfig(" ").store()).isEqualTo("credentials.json");
  }
}
