package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The provider is ready when it is available and a key is at hand, judged by
 * the key-resolution rule (literal, else the mounted credentials service alone, else the launch
 * environment) without resolving one.
 */
class ReadinessTest {

  private static final String REF = YuanbaoConfig.DEFAULT_API_KEY_ENV;
  private static final String NO_KEY = "no API key for \"" + REF + "\"";

  private final FakeCredentials credentials = new FakeCredentials();
  private final AtomicReference<Optional<CredentialService>> mounted =
      new AtomicReference<>(Optional.of(credentials));
  private final Map<String, String> env = new ConcurrentHashMap<>();

  private YuanbaoSearchProvider provider(YuanbaoConfig config) {
    return new YuanbaoSearchProvider(
        config, mounted::get, name -> Optional.ofNullable(env.get(name)));
  }

  private static YuanbaoConfig loopback() {
    return Configs.withBaseURL(Configs.defaults(), "http://127.0.0.1:9");
  }

  @Test
  void withoutAKeyItIsAvailableButNotReadyAndSaysWhichReferenceIsMissing() {
    try (YuanbaoSearchProvider provider = provider(loopback())) {
      assertThat(provider.available()).isTrue();
      assertThat(provider.ready()).isFalse();
      assertThat(provider.notReadyReason()).contains(NO_KEY);
    }
  }

  @Test
  void aKeyInTheCredentialsServiceMakesItReadyAtOnceAndItsRemovalUnready() {
    try (YuanbaoSearchProvider provider = provider(loopback())) {
      credentials.set(CredentialRef.of(REF), "sk-stored");
      assertThat(provider.ready()).isTrue();
      assertThat(provider.notReadyReason()).isEmpty();

      credentials.unset(CredentialRef.of(REF));
      assertThat(provider.ready()).isFalse();
    }
  }

  @Test
  void aMountedCredentialsServiceAloneAnswersForTheReference() {
    env.put(REF, "sk-exported"); // the host's service reads the environment itself
    try (YuanbaoSearchProvider provider = provider(loopback())) {
      assertThat(provider.ready()).isFalse();

      mounted.set(Optional.empty());
      assertThat(provider.ready()).isTrue();

      env.put(REF, "");
      assertThat(provider.notReadyReason()).contains(NO_KEY + " (" + REF + " is exported but empty)");
    }
  }

  @Test
  void aLiteralKeyMakesItReadyAndACustomReferenceIsNamed() {
    try (YuanbaoSearchProvider literal = provider(Configs.withApiKey(loopback(), "sk-literal"));
        YuanbaoSearchProvider custom = provider(Configs.withApiKeyEnv(loopback(), "TEAM_WSA_KEY"))) {
      assertThat(literal.ready()).isTrue();
      assertThat(custom.notReadyReason()).contains("no API key for \"TEAM_WSA_KEY\"");
    }
  }

  @Test
  void anUnavailableProviderIsNotReadyAndLeavesTheReasonToAvailability() {
    try (YuanbaoSearchProvider provider = provider(Configs.withBaseURL(Configs.defaults(), "ftp://x"))) {
      assertThat(provider.ready()).isFalse();
      assertThat(provider.notReadyReason()).isEmpty();
      assertThat(provider.unavailableReason()).contains("baseURL is not an absolute http(s) URL");
    }
  }

  @Test
  void aCredentialsServiceThatCannotTellGivesAReasonNamingTheExceptionClassOnly() {
    FakeCredentials failing =
        new FakeCredentials() {
          @Override
          public boolean isConfigured(CredentialRef ref) {
            throw new IllegalStateException("store holds sk-canary-9f2c");
          }
        };
    mounted.set(Optional.of(failing));
    try (YuanbaoSearchProvider provider = provider(loopback())) {
      assertThat(provider.ready()).isFalse();
      assertThat(provider.notReadyReason())
          .contains(
              "the credentials service cannot tell whether \"" + REF
                  + "\" is configured (IllegalStateException)");
    }
  }
}
