package dev.dsh.api.web;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One search.
 *
 * @param query the query; not blank
 * @param maxResults how many sources the caller wants at most; absent lets the provider choose;
 *     at least 1 when present
 */
public record WebSearchRequest(String query, @Nullable Integer maxResults) {

  public WebSearchRequest {
    Objects.requireNonNull(query, "query");
    if (query.isBlank()) {
      throw new IllegalArgumentException("query must not be blank");
    }
    if (maxResults != null && maxResults < 1) {
      throw new IllegalArgumentException("maxResults must be at least 1, was " + maxResults);
    }
  }

  /** A request for {@code query} without a result limit. */
  public static WebSearchRequest of(String query) {
    return new WebSearchRequest(query, null);
  }

  /** {@link #maxResults()} as an optional. */
  public Optional<Integer> maxResultsOpt() {
    return Optional.ofNullable(maxResults);
  }
}
