package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_AMBIGUOUS;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.model.ActivityListener;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Readiness refines the unpinned rows of the selection table. Of several
 * available providers only the ready ones compete; with none ready the table is as before.
 */
class ReadinessSelectionTest {

  private static final String NO_KEY = "no API key for \"TENCENTCLOUD_WSA_APIKEY\"";

  private final AtomicReference<Optional<String>> pin = new AtomicReference<>(Optional.empty());
  private final WebServiceImpl web = new WebServiceImpl(pin::get, LaunchEnvironment.of(Map.of()),
      ActivityListener.NONE, Optional::empty);

  private CompletionStage<WebSearchResult> search() {
    return web.search(WebSearchRequest.of("q"), AbortSignal.never());
  }

  /** A provider that is available but keyless: a search fails as a keyless Yuanbao does. */
  private static FakeProvider keyless(String id) {
    return new FakeProvider(
            id,
            (request, signal) ->
                CompletableFuture.failedFuture(
                    new WebError(WEB_PROVIDER_CREDENTIAL_MISSING, id + " has no API key")))
        .notReady(NO_KEY);
  }

  @Test
  void ofSeveralAvailableTheOneReadyProviderRunsWhateverTheRegistrationOrder() throws Exception {
    FakeProvider keyless = keyless("yuanbao");
    FakeProvider memory = FakeProvider.withSources("memory", 2);
    web.registerSearchProvider(keyless);
    web.registerSearchProvider(memory);

    assertThat(Await.result(search()).provider()).isEqualTo("memory");
    assertThat(keyless.requests()).isEmpty();
    assertThat(memory.requests()).hasSize(1);
  }

  @Test
  void aProviderThatBecomesReadyMakesTheChoiceAmbiguousNamingTheReadyOnes() {
    FakeProvider yuanbao = keyless("yuanbao");
    web.registerSearchProvider(FakeProvider.withSources("memory", 1));
    web.registerSearchProvider(yuanbao);
    web.registerSearchProvider(keyless("other"));

    yuanbao.makeReady();

    Await.failure(search())
        .hasMessage(
            "multiple usable web providers are registered (memory, yuanbao); configure one"
                + " explicitly")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_AMBIGUOUS));
  }

  @Test
  void withSeveralAvailableAndNoneReadyTheTableIsUnchanged() {
    web.registerSearchProvider(keyless("beta"));
    web.registerSearchProvider(keyless("alpha"));

    Await.failure(search())
        .hasMessage(
            "multiple usable web providers are registered (alpha, beta); configure one explicitly")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_AMBIGUOUS));
  }

  @Test
  void aSoleAvailableProviderThatIsNotReadyStillRunsAndFailsWithItsOwnError() {
    FakeProvider yuanbao = keyless("yuanbao");
    web.registerSearchProvider(yuanbao);
    FakeProvider down = FakeProvider.withSources("down", 1);
    down.setAvailable(false);
    web.registerSearchProvider(down);

    Await.failure(search())
        .hasMessage("yuanbao has no API key")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_CREDENTIAL_MISSING));
    assertThat(yuanbao.requests()).hasSize(1);
  }

  @Test
  void aPinnedProviderThatIsNotReadyRunsEvenWhenAnotherIsReady() {
    FakeProvider yuanbao = keyless("yuanbao");
    web.registerSearchProvider(yuanbao);
    web.registerSearchProvider(FakeProvider.withSources("memory", 1));
    pin.set(Optional.of("yuanbao"));

    Await.failure(search())
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_CREDENTIAL_MISSING));
    assertThat(yuanbao.requests()).hasSize(1);
  }

  @Test
  void readinessNeverRescuesAnUnavailableProvider() {
    FakeProvider down = FakeProvider.withSources("down", 1); // ready whenever available
    down.setAvailable(false);
    web.registerSearchProvider(down);

    Await.failure(search())
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_UNAVAILABLE));
    assertThat(web.providers()).containsExactly(new ProviderStatus("down", false, false, null));
  }

  @Test
  void statusShowsReadinessAndTheReasonOfEachProviderThatIsNotReadyOrNotAvailable() {
    FakeProvider down = FakeProvider.withSources("down", 1);
    down.setAvailable(false);
    web.registerSearchProvider(down);
    web.registerSearchProvider(keyless("yuanbao"));
    web.registerSearchProvider(FakeProvider.withSources("memory", 1));
    web.registerSearchProvider(FakeProvider.withSources("silent", 1).notReady(Optional.empty()));

    assertThat(web.providers())
        .containsExactly(
            new ProviderStatus("down", false, false, null),
            new ProviderStatus("memory", true, true, null),
            new ProviderStatus("silent", true, false, null),
            new ProviderStatus("yuanbao", true, false, NO_KEY));
  }

  @Test
  void aProviderWhoseReadinessThrowsIsNotReadyAndNamedByTheExceptionClassOnly() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    WebSearchProvider throwing =
        new WebSearchProvider() {
          @Override
          public String id() {
            return "broken";
          }

          @Override
          public boolean available() {
            return true;
          }

          @Override
          public boolean ready() {
            asked.incrementAndGet();
            throw new IllegalStateException("sk-canary-secret");
          }

          @Override
          public CompletionStage<WebSearchResult> search(WebSearchRequest r, AbortSignal s) {
            throw new AssertionError("a provider that is not ready must not be chosen over one that is");
          }
        };
    web.registerSearchProvider(throwing);
    web.registerSearchProvider(FakeProvider.withSources("memory", 1));

    assertThat(Await.result(search()).provider()).isEqualTo("memory");
    assertThat(asked).hasPositiveValue();
    ProviderStatus status = web.providers().get(0);
    assertThat(status)
        .isEqualTo(
            new ProviderStatus(
                "broken", true, false, "it failed to report its readiness (IllegalStateException)"));
    assertThat(status.toString()).doesNotContain("sk-canary-secret");
  }

  @Test
  void aProviderThatSaysNothingOfReadinessIsReadyExactlyWhenAvailable() throws Exception {
    WebSearchProvider plain =
        new WebSearchProvider() {
          @Override
          public String id() {
            return "plain";
          }

          @Override
          public boolean available() {
            return true;
          }

          @Override
          public CompletionStage<WebSearchResult> search(WebSearchRequest r, AbortSignal s) {
            return CompletableFuture.completedFuture(WebSearchResult.of(List.of()));
          }
        };
    web.registerSearchProvider(plain);
    web.registerSearchProvider(keyless("yuanbao"));

    assertThat(web.providers().get(0)).isEqualTo(new ProviderStatus("plain", true, true, null));
    assertThat(Await.result(search()).provider()).isEqualTo("plain");
  }

  @Test
  void aReadyStatusOfAnUnavailableProviderIsRefused() {
    assertThatThrownBy(() -> new ProviderStatus("x", false, true, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a provider that is not available is not ready");
  }
}
