package dev.dsh.host;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Disposable;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.model.ProfileException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What a serving host searches through while its profile has not composed once since it started:
 * only the base layer runs, so the base layer's own answer ("no web provider is registered;
 * install and enable a web search plugin") would send the user the wrong way. Every search fails
 * with the composition error instead: the file, the entry and what is wrong, and that saving a fix
 * is enough.
 */
final class UnappliedProfile implements WebService {

  private final String message;

  private UnappliedProfile(String message) {
    this.message = message;
  }

  /** The web service for {@code profile}, which did not compose with {@code error}. */
  static UnappliedProfile of(String profile, ProfileException error) {
    return new UnappliedProfile(OneLine.of("profile \"" + profile + "\" is not applied, so no"
        + " plugin row runs: " + error.getMessage() + "; fix the file and dsh applies it once it"
        + " is saved, without a restart"));
  }

  /** The line that says why, as stderr, {@code status} and every search tell it. */
  String message() {
    return message;
  }

  /** Nothing registers here: no plugin row runs while the profile is not applied. */
  @Override
  public Disposable registerSearchProvider(WebSearchProvider provider) {
    throw new IllegalStateException(message);
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    return CompletableFuture.failedFuture(new WebError(WEB_PROVIDER_UNAVAILABLE, message));
  }

  @Override
  public List<ProviderStatus> providers() {
    return List.of();
  }
}
