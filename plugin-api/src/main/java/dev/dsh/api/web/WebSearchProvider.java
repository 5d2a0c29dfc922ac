package dev.dsh.api.web;

import dev.dsh.api.AbortSignal;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * A search backend registered into the {@link WebService}.
 *
 * <p>Contract (checked by the reusable contract test in this module's test-jar): the id is stable;
 * {@link #available()} never blocks; a search whose signal fires ends with a {@link WebError} of
 * code {@link WebErrorCodes#WEB_ABORTED}; every failure is a {@link WebError}; sources carry
 * absolute http(s) urls and no blank fields.
 */
public interface WebSearchProvider {

  /** The provider's id, such as {@code "yuanbao"}; stable for the provider's life. */
  String id();

  /**
   * Whether the provider can serve a search now, judged from local state only: synchronous, cheap,
   * never touches the network.
   */
  boolean available();

  /**
   * Why the provider is not {@linkplain #available() available}, in one line a user can act on,
   * such as {@code "baseURL is not an absolute http(s) URL"}; empty when it is available or has no
   * reason to give. The web service shows it in its {@code WEB_PROVIDER_UNAVAILABLE} and {@code
   * WEB_PROVIDER_CONFIGURED_UNAVAILABLE} messages and in {@link ProviderStatus#reason()}.
   *
   * <p>Judged like {@link #available()}: synchronous, cheap, from local state only. It must never
   * carry a secret (a key, or a password in a URL). Providers written before this method existed
   * give no reason.
   */
  default Optional<String> unavailableReason() {
    return Optional.empty();
  }

  /**
   * The {@linkplain SearchFilters filters} this provider honours. The web service refuses a request
   * carrying any other filter with {@link WebErrorCodes#WEB_REQUEST_UNSUPPORTED} before calling
   * {@link #search}, so a provider never has to ignore one. None by default.
   */
  default Set<SearchFilter> supportedFilters() {
    return Set.of();
  }

  /**
   * Runs one search.
   *
   * @return a stage that completes with the result, or exceptionally with a {@link WebError}
   */
  CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal);
}
