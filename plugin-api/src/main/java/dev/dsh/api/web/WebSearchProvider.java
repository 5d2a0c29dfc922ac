package dev.dsh.api.web;

import dev.dsh.api.AbortSignal;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * A search backend registered into the {@link WebService}.
 *
 * <p>Contract (checked by the reusable contract test in this module's test-jar): the id is stable;
 * {@link #available()} and {@link #ready()} never block; a search whose signal fires ends with a
 * {@link WebError} of code {@link WebErrorCodes#WEB_ABORTED}; every failure is a {@link WebError};
 * sources carry absolute http(s) urls and no blank fields.
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
   * Whether the provider is <em>ready</em>: {@linkplain #available() available} and holding what it
   * needs to search, such as an API key. When several providers are available and nothing is
   * pinned, the web service lets only the ready ones compete, so a provider that would fail for
   * want of a key never makes a keyed one ambiguous (see {@link WebService}).
   *
   * <p>Judged like {@link #available()}: synchronous, cheap, from local state only (a credential
   * reference is checked with {@link dev.dsh.api.credentials.CredentialService#isConfigured}, never
   * resolved over the network). A provider that is not available is not ready. By default a
   * provider is ready exactly when it is available, so providers written before this method
   * existed keep competing as before.
   */
  default boolean ready() {
    return available();
  }

  /**
   * Why the provider is available but not {@linkplain #ready() ready}, in one line a user can act
   * on, such as {@code "no API key for \"TENCENTCLOUD_WSA_APIKEY\""}; empty when it is ready, when
   * it is not available (then {@link #unavailableReason()} says why) or when it has no reason to
   * give. Shown in {@link ProviderStatus#reason()}. Judged like {@link #ready()}; never a secret.
   */
  default Optional<String> notReadyReason() {
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
   * How many searches wait for a slot now (a provider that caps its concurrent searches queues the
   * rest): read for metrics at any time from any thread, so it must be cheap and never block; a
   * racy read is fine. {@code 0} by default, for providers that queue nothing.
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
