package dev.dsh.api.web;

import dev.dsh.api.AbortSignal;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;

/**
 * A search backend registered into the {@link WebService}. Every method but {@link #search} is
 * cheap and reads local state only; the contract test in this module's test-jar checks the rest.
 */
public interface WebSearchProvider {

  /** The provider's id, such as {@code "yuanbao"}. */
  String id();

  /** Whether the provider can serve a search now. */
  boolean available();

  /** Why it is not {@linkplain #available() available}, in one line a user can act on. */
  default Optional<String> unavailableReason() {
    return Optional.empty();
  }

  /** Whether it is available and holds what it needs to search, such as an API key. */
  default boolean ready() {
    return available();
  }

  /** Why an available provider is not {@linkplain #ready() ready}, in one line. */
  default Optional<String> notReadyReason() {
    return Optional.empty();
  }

  /** The filters it honours; the web service refuses a request carrying another. */
  default Set<SearchFilter> supportedFilters() {
    return Set.of();
  }

  /** How many searches wait for a slot now, for metrics; never blocks. */
  default int queueDepth() {
    return 0;
  }

  /** Runs one search; the stage fails with a {@link WebError}, {@code WEB_ABORTED} on abort. */
  CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal);
}
