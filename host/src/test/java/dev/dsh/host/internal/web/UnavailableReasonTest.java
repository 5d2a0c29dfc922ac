package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.model.ActivityListener;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** An unavailable provider's own reason reaches the messages and the status. */
class UnavailableReasonTest {

  private final AtomicReference<Optional<String>> pin = new AtomicReference<>(Optional.empty());
  private final WebServiceImpl web = new WebServiceImpl(pin::get, LaunchEnvironment.of(Map.of()),
      ActivityListener.NONE, Optional::empty);

  /** Unavailable, with the reason {@code reason} gives. */
  private static WebSearchProvider unavailable(String id, Supplier<Optional<String>> reason) {
    return new WebSearchProvider() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public boolean available() {
        return false;
      }

      @Override
      public Optional<String> unavailableReason() {
        return reason.get();
      }

      @Override
      public CompletionStage<WebSearchResult> search(WebSearchRequest r, AbortSignal s) {
        throw new AssertionError("an unavailable provider must not be asked");
      }
    };
  }

  @Test
  void eachUnavailableProviderIsListedWithItsReasonWhenNoneCanServe() {
    web.registerSearchProvider(unavailable("yuanbao", () -> Optional.of("baseURL is not an absolute http(s) URL")));
    web.registerSearchProvider(unavailable("alpha", Optional::empty));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage(
            "no usable web provider is registered (unavailable: alpha; yuanbao: baseURL is not an"
                + " absolute http(s) URL)")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_UNAVAILABLE));
    assertThat(web.providers())
        .containsExactly(
            new ProviderStatus("alpha", false, false, null),
            new ProviderStatus("yuanbao", false, false, "baseURL is not an absolute http(s) URL"));
  }

  @Test
  void aPinnedUnavailableProviderGivesItsReason() {
    web.registerSearchProvider(unavailable("yuanbao", () -> Optional.of("no key")));
    pin.set(Optional.of("yuanbao"));

    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("configured web provider \"yuanbao\" is registered but not available: no key")
        .satisfies(e -> assertThat(Await.code(e)).isEqualTo(WEB_PROVIDER_CONFIGURED_UNAVAILABLE));
  }

  @Test
  void aReasonIsShownOnOneShortLineWithoutAUrlPassword() {
    web.registerSearchProvider(
        unavailable(
            "odd",
            () -> Optional.of("  cannot use\nhttp://user:hunter2@host/\n\n" + "x".repeat(500))));

    String reason = web.providers().get(0).reasonOpt().orElseThrow();

    assertThat(reason).startsWith("cannot use http://<redacted>@host/ xxx").hasSize(200).endsWith("…");
    assertThat(reason).doesNotContain("hunter2").doesNotContain("\n");
  }

  @Test
  void aProviderWhoseReasonThrowsIsStillUnavailableWithoutAReason() {
    web.registerSearchProvider(
        unavailable(
            "odd",
            () -> {
              throw new IllegalStateException("secret-ish detail");
            }));

    assertThat(web.providers()).containsExactly(new ProviderStatus("odd", false, false, null));
    Await.failure(web.search(WebSearchRequest.of("q"), AbortSignal.never()))
        .hasMessage("no usable web provider is registered (unavailable: odd)");
  }

  @Test
  void aProviderWithoutTheMethodGivesNoReason() {
    WebSearchProvider legacy =
        new WebSearchProvider() {
          @Override
          public String id() {
            return "legacy";
          }

          @Override
          public boolean available() {
            return false;
          }

          @Override
          public CompletionStage<WebSearchResult> search(WebSearchRequest r, AbortSignal s) {
            throw new AssertionError();
          }
        };
    assertThat(legacy.unavailableReason()).isEmpty();
    web.registerSearchProvider(legacy);

    assertThat(web.providers()).containsExactly(new ProviderStatus("legacy", false, false, null));
  }
}
