package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Key resolution on every search: literal, then the credentials service, then the environment. */
class KeyResolutionTest {

  private static final String REF = YuanbaoConfig.DEFAULT_API_KEY_ENV;
  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();

  @BeforeEach
  void reset() {
    server.answer(StubReply.json(TestSupport.fixture("21-empty-pages.json")));
  }

  private static YuanbaoConfig withoutLiteral() {
    return Configs.withBaseURL(Configs.defaults(), server.baseUrl());
  }

  private static List<String> authorizations() {
    return server.requests().stream()
        .map(r -> r.header("Authorization").orElse(null))
        .toList();
  }

  private static String keyUsedBy(YuanbaoSearchProvider provider) {
    server.forgetRequests();
    TestSupport.search(provider, "q");
    List<String> seen = authorizations();
    assertThat(seen).hasSize(1);
    return seen.get(0).substring("Bearer ".length());
  }

  @Test
  void literalKeyWinsOverStoreAndEnvironment() {
    FakeCredentials store = new FakeCredentials();
    store.values.put(REF, "from-store");
    try (var provider =
        TestSupport.provider(Configs.withApiKey(withoutLiteral(), "literal"), Optional.of(store), Map.of(REF, "from-env"))) {
      assertThat(keyUsedBy(provider)).isEqualTo("literal");
    }
  }

  @Test
  void emptyLiteralKeyDefersToTheReference() {
    try (var provider =
        TestSupport.provider(Configs.withApiKey(withoutLiteral(), ""), Optional.empty(), Map.of(REF, "from-env"))) {
      assertThat(keyUsedBy(provider)).isEqualTo("from-env");
    }
  }

  @Test
  void mountedCredentialsServiceDecidesForTheReference() {
    FakeCredentials store = new FakeCredentials();
    store.values.put(REF, "from-store");
    try (var provider = TestSupport.provider(withoutLiteral(), Optional.of(store), Map.of(REF, "from-env"))) {
      assertThat(keyUsedBy(provider)).isEqualTo("from-store");
    }
  }

  @Test
  void mountedCredentialsServiceWithoutTheKeyIsAuthoritative() {
    FakeCredentials store = new FakeCredentials();
    try (var provider = TestSupport.provider(withoutLiteral(), Optional.of(store), Map.of(REF, "from-env"))) {
      WebError failure = TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
      assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
      assertThat(failure.getMessage())
          .isEqualTo(
              "Yuanbao search has no API key for \"TENCENTCLOUD_WSA_APIKEY\"; set apiKey, store it with"
                  + " 'dsh credentials set TENCENTCLOUD_WSA_APIKEY', or export TENCENTCLOUD_WSA_APIKEY");
      assertThat(server.requests()).isEmpty();
    }
  }

  @Test
  void withoutCredentialsServiceTheEnvironmentIsRead() {
    try (var provider =
        TestSupport.provider(Configs.withApiKeyEnv(withoutLiteral(), "MY_KEY"), Optional.empty(), Map.of("MY_KEY", "from-env"))) {
      assertThat(keyUsedBy(provider)).isEqualTo("from-env");
    }
  }

  @Test
  void credentialsServiceIsLookedUpAtSearchTime() {
    FakeCredentials store = new FakeCredentials();
    store.values.put(REF, "from-store");
    AtomicReference<Optional<CredentialService>> mounted = new AtomicReference<>(Optional.empty());
    try (var provider =
        new YuanbaoSearchProvider(withoutLiteral(), mounted::get, LaunchEnvironment.of(Map.of(REF, "from-env")))) {
      assertThat(keyUsedBy(provider)).isEqualTo("from-env");
      mounted.set(Optional.of(store));
      assertThat(keyUsedBy(provider)).isEqualTo("from-store");
    }
  }

  @Test
  void noKeyAnywhereFailsWithCredentialMissing() {
    try (var provider = TestSupport.provider(withoutLiteral(), Optional.empty(), Map.of())) {
      WebError failure = TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
      assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
      assertThat(failure.getMessage())
          .isEqualTo(
              "Yuanbao search has no API key for \"TENCENTCLOUD_WSA_APIKEY\"; set apiKey or export"
                  + " TENCENTCLOUD_WSA_APIKEY");
      assertThat(server.requests()).isEmpty();
    }
  }

  // A key that was given but empty is called empty, with the fix; never the HTTP-header rule.

  @Test
  void anExportedButEmptyVariableIsCalledEmpty() {
    for (String empty : List.of("", "   ")) {
      for (Optional<CredentialService> service : List.<Optional<CredentialService>>of(
          Optional.empty(), Optional.of(new FakeCredentials()))) {
        try (var provider = TestSupport.provider(withoutLiteral(), service, Map.of(REF, empty))) {
          WebError failure =
              TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
          assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
          assertThat(failure.getMessage())
              .startsWith("Yuanbao search has no API key for \"TENCENTCLOUD_WSA_APIKEY\""
                  + " (TENCENTCLOUD_WSA_APIKEY is exported but empty); set apiKey")
              .doesNotContain("HTTP header");
          assertThat(provider.notReadyReason()).contains("no API key for \"TENCENTCLOUD_WSA_APIKEY\""
              + " (TENCENTCLOUD_WSA_APIKEY is exported but empty)");
        }
      }
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void anEmptyOrBlankApiKeyIsCalledEmptyWhenNothingElseGivesAKey() {
    for (String empty : List.of("", "  \t ")) {
      try (var provider = TestSupport.provider(
          Configs.withApiKey(withoutLiteral(), empty), Optional.of(new FakeCredentials()), Map.of())) {
        WebError failure =
            TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
        assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
        assertThat(failure.getMessage())
            .isEqualTo("Yuanbao search has no API key for \"TENCENTCLOUD_WSA_APIKEY\" (apiKey is"
                + " empty); set apiKey, store it with 'dsh credentials set TENCENTCLOUD_WSA_APIKEY',"
                + " or export TENCENTCLOUD_WSA_APIKEY");
        assertThat(provider.notReadyReason())
            .contains("no API key for \"TENCENTCLOUD_WSA_APIKEY\" (apiKey is empty)");
      }
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void aBlankApiKeyDefersToTheReferenceLikeAnEmptyOne() {
    try (var provider = TestSupport.provider(
        Configs.withApiKey(withoutLiteral(), "   "), Optional.empty(), Map.of(REF, "from-env"))) {
      assertThat(keyUsedBy(provider)).isEqualTo("from-env");
      assertThat(provider.ready()).isTrue();
    }
  }

  @Test
  void throwingResolverFailsWithResolutionFailed() {
    FakeCredentials throwing =
        new FakeCredentials() {
          @Override
          public CompletionStage<Optional<Credential>> resolve(CredentialRef ref) {
            throw new IllegalStateException("store unreadable");
          }
        };
    FakeCredentials failing =
        new FakeCredentials() {
          @Override
          public CompletionStage<Optional<Credential>> resolve(CredentialRef ref) {
            return CompletableFuture.failedFuture(new IllegalStateException("store locked"));
          }
        };
    for (var service : List.of(throwing, failing)) {
      try (var provider = TestSupport.provider(withoutLiteral(), Optional.of(service), Map.of(REF, "from-env"))) {
        WebError failure = TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
        assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
        assertThat(failure.getMessage())
            .startsWith("Yuanbao search credential resolution failed: ")
            .matches(".*IllegalStateException: store (unreadable|locked)");
      }
    }
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void keyRotatedInTheStoreIsUsedByTheNextSearch() {
    FakeCredentials store = new FakeCredentials();
    store.values.put(REF, "first");
    try (var provider = TestSupport.provider(withoutLiteral(), Optional.of(store), Map.of())) {
      assertThat(keyUsedBy(provider)).isEqualTo("first");
      store.values.put(REF, "second");
      assertThat(keyUsedBy(provider)).isEqualTo("second");
    }
  }
}
