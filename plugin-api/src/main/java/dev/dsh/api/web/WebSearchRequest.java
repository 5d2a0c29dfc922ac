package dev.dsh.api.web;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One search: the query, the most sources wanted (absent: the provider chooses), the filters, and
 * how long the web service lets it run (absent: no bound).
 */
public record WebSearchRequest(
    String query, @Nullable Integer maxResults, SearchFilters filters, @Nullable Duration timeout) {

  /** The most code points a query may have; the web service refuses a longer one. */
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
    if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
  }

  /** A request without a timeout. */
  public WebSearchRequest(String query, @Nullable Integer maxResults, SearchFilters filters) {
    this(query, maxResults, filters, null);
  }

  /** A request without filters or a timeout. */
  public WebSearchRequest(String query, @Nullable Integer maxResults) {
    this(query, maxResults, SearchFilters.NONE, null);
  }

  /** A request for {@code query} alone. */
  public static WebSearchRequest of(String query) {
    return new WebSearchRequest(query, null);
  }

  /** This request with {@code timeout} (absent: none) instead of its own. */
  public WebSearchRequest withTimeout(@Nullable Duration timeout) {
    return new WebSearchRequest(query, maxResults, filters, timeout);
  }
}
