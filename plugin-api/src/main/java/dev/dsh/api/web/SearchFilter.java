package dev.dsh.api.web;

/** The optional filters a {@link WebSearchRequest} can carry. */
public enum SearchFilter {
  /** {@link SearchFilters#site()}: search within one domain. */
  SITE("site"),
  /** {@link SearchFilters#excludeSites()}: leave these domains out. */
  EXCLUDE_SITES("excludeSites"),
  /** {@link SearchFilters#freshness()}: only pages published in a period. */
  FRESHNESS("freshness");

  private final String fieldName;

  SearchFilter(String fieldName) {
    this.fieldName = fieldName;
  }

  /** The filter's name as a request field, such as {@code excludeSites}. */
  public String fieldName() {
    return fieldName;
  }
}
