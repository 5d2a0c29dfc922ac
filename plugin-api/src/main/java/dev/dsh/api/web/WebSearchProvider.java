package dev.dsh.api.web;

import dev.dsh.api.AbortSignal;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * A search backend registered into the {@link WebService}.
 *
 * <p>Contract (checked by the reusable contract test in this module's test-jar): the id is stable;
 * every method but {@link #search} is synchronous, cheap and judged from local state only (never
 * the network); a search whose signal fires ends with {@link WebErrorCodes#WEB_ABORTED}; every
 * failure is a {@link WebError}; sources carry absolute http(s) urls and no blank fields; no reason
 * given carries a secret.
 */
public interface WebSearchProvider {

  /** The provider's id, such as {@code "yuanbao"}. */
  String id();

  /** Whether the provider can serve a search now. */
  boolean available();

  /**
   * Why it is not {@linkplain #available() available}, in one line a user can act on, such as
   * {@code "baseURL is not an absolute http(s) URL"}; shown in the web service's errors and {@link
   * ProviderStatus#reason()}. Empty by default.
   */
  default Optional<String> unavailableReason() {
    return Optional.empty();
  }

  /**
   * Whether it is available and holds what it needs to search, such as an API key (a credential is
   * checked with {@link dev.dsh.api.credentials.CredentialService#isConfigured}). Of several
   * available providers, with nothing pinned, only the ready ones compete. By default, {@link
   * #available()}.
   */
  default boolean ready() {
    return available();
  }

  /**
   * Why an available provider is not {@linkplain #ready() ready}, in one line, such as {@code "no
   * API key for \"TENCENTCLOUD_WSA_APIKEY\""}. Empty by default.
   */
  default Optional<String> notReadyReason() {
    return Optional.empty();
  }

  /**
   * The {@linkplain SearchFilters filters} it honours; the web service refuses a request carrying
   * another with {@link WebErrorCodes#WEB_REQUEST_UNSUPPORTED} before calling it. None by default.
   */
  default Set<SearchFilter> supportedFilters() {
    return Set.of();
  }

  /**
   * How many searches wait for a slot now, for metrics: read from any thread, so it never blocks;
   * a racy read is fine. {@code 0} by default.
   */
  default int queueDepth() {
    return 0;
  }

  /**
   * Runs one search.
   *
   * @return a stage that completes with the result, or exceptionally with a {@link WebError}
   */
  CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal);
}
