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
 * @param filters the optional filters ({@link SearchFilters#NONE} for none); the web service
 *     refuses a filter the serving provider does not {@linkplain
 *     WebSearchProvider#supportedFilters() support}
 */
public record WebSearchRequest(String query, @Nullable Integer maxResults, SearchFilters filters) {

  /**
   * The most characters (code points) a query may have: the web service fails a longer one with
   * {@link WebErrorCodes#WEB_INVALID_REQUEST} before any provider sees it. Search services take
   * far shorter queries; a longer one is a pasted document, sent upstream for nothing.
   */
  public static final int MAX_QUERY_LENGTH = 1000;

  public WebSearchRequest {
    Objects.requireNonNull(query, "query");
    if (query.isBlank()) {
      throw new IllegalArgumentException("query must not be blank");
    }
    if (maxResults != null && maxResults < 1) {
      throw new IllegalArgumentException("maxResults must be at least 1, was " + maxResults);
    }
    Objects.requireNonNull(filters, "filters");
  }

  /** A request without filters. */
  public WebSearchRequest(String query, @Nullable Integer maxResults) {
    this(query, maxResults, SearchFilters.NONE);
  }

  /** A request for {@code query} without a result limit or filters. */
  public static WebSearchRequest of(String query) {
    return new WebSearchRequest(query, null);
  }

  /** This request with {@code filters} instead of its own. */
  public WebSearchRequest withFilters(SearchFilters filters) {
    return new WebSearchRequest(query, maxResults, filters);
  }

  /** {@link #maxResults()} as an optional. */
  public Optional<Integer> maxResultsOpt() {
    return Optional.ofNullable(maxResults);
  }
}
