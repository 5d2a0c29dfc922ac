package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_DUPLICATE_PROVIDER;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_AMBIGUOUS;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE;
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
import dev.dsh.api.web.WebService;
import dev.dsh.host.fakes.FakeContext;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.fakes.MapConfig;
import dev.dsh.host.model.ActivityListener;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * One test per row of the selection table (docs/ARCHITECTURE.md, "Selection"), and how the pin is
 * read.
 */
class WebServiceSelectionTest {

  private final AtomicReference<Optional<String>> configPin = new AtomicReference<>(Optional.empty());
  private final Map<String, String> variables = new HashMap<>();
  private final WebServiceImpl web =
      new WebServiceImpl(configPin::get, name -> Optional.ofNullable(variables.get(name)),
          ActivityListener.NONE, Optional::empty);

  private String servedBy() throws Exception {
    return Await.result(web.search(WebSearchRequest.of("q"), AbortSignal.never())).provider();
  }

  private static FakeProvider unavailable(String id) {
    FakeProvider provider = FakeProvider.withSources(id, 1);
    provider.setAvailable(false);
    return provider;
  }

  @Test
  void aPinnedRegisteredAvailableProviderServesEvenWhenOthersAreAvailable() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    web.registerSearchProvider(FakeProvider.withSources("beta", 1));
    configPin.set(Optional.of("beta"));

    assertThat(servedBy()).isEqualTo("beta");
  }

  @Test
  void aPinnedProviderThatIsNotRegisteredGivesConfiguredMissing() {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    configPin.set(Optional.of("yuanbao"));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("configured web provider \"yuanbao\" is not registered")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_CONFIGURED_MISSING));
  }

  @Test
  void aPinnedProviderThatIsUnavailableGivesConfiguredUnavailableAndNoFallback() {
    FakeProvider pinned = unavailable("yuanbao");
    FakeProvider other = FakeProvider.withSources("alpha", 1);
    web.registerSearchProvider(pinned);
    web.registerSearchProvider(other);
    configPin.set(Optional.of("yuanbao"));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("configured web provider \"yuanbao\" is registered but not available")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_CONFIGURED_UNAVAILABLE));
    assertThat(pinned.requests()).isEmpty();
    assertThat(other.requests()).isEmpty();
  }

  @Test
  void withoutAPinTheOneAvailableProviderServes() throws Exception {
    web.registerSearchProvider(unavailable("alpha"));
    web.registerSearchProvider(FakeProvider.withSources("beta", 1));

    assertThat(servedBy()).isEqualTo("beta");
  }

  @Test
  void registrationOrderDoesNotMatter() throws Exception {
    WebServiceImpl reversed = new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
        ActivityListener.NONE, Optional::empty);
    reversed.registerSearchProvider(FakeProvider.withSources("beta", 1));
    reversed.registerSearchProvider(unavailable("alpha"));
    web.registerSearchProvider(unavailable("alpha"));
    web.registerSearchProvider(FakeProvider.withSources("beta", 1));

    assertThat(servedBy()).isEqualTo("beta");
    assertThat(Await.result(reversed.search(WebSearchRequest.of("q"), AbortSignal.never())).provider())
        .isEqualTo("beta");
  }

  @Test
  void withoutAPinAndNoAvailableProviderTheSearchGivesUnavailable() {
    web.registerSearchProvider(unavailable("beta"));
    web.registerSearchProvider(unavailable("alpha"));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("no usable web provider is registered (unavailable: alpha; beta)")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_UNAVAILABLE));
  }

  @Test
  void withNoProviderRegisteredTheSearchGivesUnavailable() {
    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("no web provider is registered; install and enable a web search plugin")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_UNAVAILABLE));
  }

  @Test
  void withoutAPinSeveralAvailableProvidersAreAmbiguousWithSortedIds() {
    web.registerSearchProvider(FakeProvider.withSources("zeta", 1));
    web.registerSearchProvider(unavailable("beta"));
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage(
            "multiple usable web providers are registered (alpha, zeta); configure one explicitly")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_AMBIGUOUS));
  }

  @Test
  void theLaunchEnvironmentPinsWhenTheConfigPinsNothing() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    web.registerSearchProvider(FakeProvider.withSources("beta", 1));
    variables.put(WebServiceImpl.PIN_VARIABLE, "alpha");

    assertThat(servedBy()).isEqualTo("alpha");
  }

  @Test
  void theConfigPinWinsOverTheLaunchEnvironment() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    web.registerSearchProvider(FakeProvider.withSources("beta", 1));
    variables.put(WebServiceImpl.PIN_VARIABLE, "alpha");
    configPin.set(Optional.of("beta"));

    assertThat(servedBy()).isEqualTo("beta");
  }

  @Test
  void blankPinsPinNothing() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    variables.put(WebServiceImpl.PIN_VARIABLE, "  ");
    configPin.set(Optional.of(""));

    assertThat(servedBy()).isEqualTo("alpha");
  }

  @Test
  void availabilityIsJudgedOnEveryCall() throws Exception {
    FakeProvider alpha = FakeProvider.withSources("alpha", 1);
    FakeProvider beta = FakeProvider.withSources("beta", 1);
    web.registerSearchProvider(alpha);
    web.registerSearchProvider(beta);
    beta.setAvailable(false);
    assertThat(servedBy()).isEqualTo("alpha");

    alpha.setAvailable(false);
    beta.setAvailable(true);
    assertThat(servedBy()).isEqualTo("beta");
  }

  @Test
  void aProviderWhoseAvailabilityCheckThrowsCountsAsUnavailable() throws Exception {
    web.registerSearchProvider(
        new WebSearchProvider() {
          @Override
          public String id() {
            return "broken";
          }

          @Override
          public boolean available() {
            throw new IllegalStateException("cannot tell");
          }

          @Override
          public CompletionStage<WebSearchResult> search(WebSearchRequest r, AbortSignal s) {
            throw new AssertionError("an unavailable provider must not be asked");
          }
        });
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));

    assertThat(servedBy()).isEqualTo("alpha");
    assertThat(web.providers())
        .contains(
            new ProviderStatus(
                "broken", false, false, "it failed to report its availability (IllegalStateException)"));
  }

  @Test
  void aPinChangedInTheLiveConfigTakesEffectOnTheNextCall() throws Exception {
    FakeContext webScope = new FakeContext();
    new WebPlugin(ActivityListener.NONE, Optional::empty).apply(webScope, MapConfig.of(Map.of("searchProvider", "alpha")));
    WebService service = webScope.inject(WebService.KEY);
    service.registerSearchProvider(FakeProvider.withSources("alpha", 1));
    service.registerSearchProvider(FakeProvider.withSources("beta", 1));
    assertThat(Await.result(service.search(WebSearchRequest.of("q"), AbortSignal.never())).provider())
        .isEqualTo("alpha");

    boolean takenInPlace = webScope.offer(MapConfig.of(Map.of("searchProvider", "beta")));

    assertThat(takenInPlace).isTrue();
    assertThat(Await.result(service.search(WebSearchRequest.of("q"), AbortSignal.never())).provider())
        .isEqualTo("beta");
  }

  @Test
  void aDuplicateIdIsRefusedWithWebDuplicateProvider() {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1));

    assertThatThrownBy(() -> web.registerSearchProvider(FakeProvider.withSources("alpha", 2)))
        .isInstanceOf(WebError.class)
        .hasMessage("web provider \"alpha\" is already registered")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_DUPLICATE_PROVIDER));
  }

  @Test
  void anIdIsFreeAgainOnceItsProviderIsWithdrawn() throws Exception {
    web.registerSearchProvider(FakeProvider.withSources("alpha", 1)).dispose();

    web.registerSearchProvider(FakeProvider.withSources("alpha", 3));

    assertThat(Await.result(web.search(WebSearchRequest.of("q"), AbortSignal.never())).sources())
        .hasSize(3);
  }

  @Test
  void providersAreListedSortedWithTheirAvailability() {
    web.registerSearchProvider(FakeProvider.withSources("zeta", 1));
    web.registerSearchProvider(unavailable("alpha"));

    assertThat(web.providers())
        .containsExactly(new ProviderStatus("alpha", false, false, null), new ProviderStatus("zeta", true, true, null));
  }

  @Test
  void theResultNamesTheServingProvider() throws Exception {
    web.registerSearchProvider(
        FakeProvider.returning("alpha", new WebSearchResult("someone-else", null, List.of(), false, 0)));

    assertThat(servedBy()).isEqualTo("alpha");
  }
}
