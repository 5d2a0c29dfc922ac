package dev.dsh.langchain4j;

import dev.dsh.api.web.WebSearchRequest;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A LangChain4j search request as a dsh one: {@code searchTerms} is the query and {@code
 * maxResults} the limit. Every other field has no SearchPro equivalent, so a request that sets one
 * to something other than its default is refused by name rather than searched without it.
 */
final class RequestMapping {

  /**
   * The {@code additionalParams} the dsh web seam is to take (site filters and freshness); until it
   * does, they are refused like any other.
   */
  static final Set<String> PLANNED_PARAMS = Set.of("site", "excludeSites", "freshness");

  private RequestMapping() {}

  /**
   * @throws IllegalArgumentException naming the first field that is set but not supported
   */
  static WebSearchRequest toDsh(dev.langchain4j.web.search.WebSearchRequest request) {
    refuseIf(request.language() != null, "language", request.language());
    refuseIf(request.geoLocation() != null, "geoLocation", request.geoLocation());
    // LangChain4j's builder makes startPage 1 and safeSearch true when they are not set.
    Integer startPage = request.startPage();
    refuseIf(startPage != null && startPage != 1, "startPage", startPage);
    // 1-based, as LangChain4j's engines read it: only the first result starts the first page.
    Integer startIndex = request.startIndex();
    refuseIf(startIndex != null && startIndex != 1, "startIndex", startIndex);
    refuseIf(Boolean.FALSE.equals(request.safeSearch()), "safeSearch", false);
    Map<String, Object> params = request.additionalParams();
    if (params != null && !params.isEmpty()) {
      String name = params.keySet().iterator().next();
      throw new IllegalArgumentException(
          "additionalParams \""
              + name
              + "\" is not supported by dsh web search"
              + (PLANNED_PARAMS.contains(name) ? " yet" : "")
              + "; the only request fields are searchTerms and maxResults");
    }
    Integer maxResults = request.maxResults();
    if (maxResults != null && maxResults < 1) {
      throw new IllegalArgumentException("maxResults must be at least 1, was " + maxResults);
    }
    return new WebSearchRequest(request.searchTerms(), maxResults);
  }

  private static void refuseIf(boolean set, String field, @Nullable Object value) {
    if (set) {
      throw new IllegalArgumentException(
          field
              + " "
              + value
              + " is not supported by dsh web search (SearchPro has no equivalent); leave it unset");
    }
  }
}
