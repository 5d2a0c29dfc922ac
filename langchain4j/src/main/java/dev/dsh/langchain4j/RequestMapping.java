package dev.dsh.langchain4j;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** A LangChain4j search request as a dsh one; a field dsh cannot honour is refused by name. */
final class RequestMapping {

  private RequestMapping() {}

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
    // WebSearchRequest refuses a maxResults below 1 in the same words.
    Map<String, Object> params = request.additionalParams();
    return new WebSearchRequest(request.searchTerms(), request.maxResults(),
        params == null ? SearchFilters.NONE : filters(params));
  }

  /** {@code site}, {@code excludeSites} (a domain or a list), {@code freshness}. */
  private static SearchFilters filters(Map<String, Object> params) {
    for (String name : params.keySet()) {
      if (!Set.of("site", "excludeSites", "freshness").contains(name)) {
        throw new IllegalArgumentException(
            "additionalParams \""
                + name
                + "\" is not supported by dsh web search; it takes site, excludeSites and"
                + " freshness");
      }
    }
    try {
      Object site = params.get("site");
      Object freshness = params.get("freshness");
      return new SearchFilters(
          site == null ? null : text("site", site),
          domains(params.get("excludeSites")),
          freshness instanceof Freshness f
              ? f
              : freshness == null ? null : Freshness.parse(text("freshness", freshness)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("additionalParams " + e.getMessage(), e);
    }
  }

  private static List<String> domains(@Nullable Object value) {
    if (value == null) {
      return List.of();
    }
    if (value instanceof Collection<?> many) {
      return many.stream().map(domain -> text("excludeSites", domain)).toList();
    }
    return List.of(text("excludeSites", value));
  }

  private static String text(String name, @Nullable Object value) {
    if (value instanceof String string) {
      return string;
    }
    throw new IllegalArgumentException(
        name + " must be a string, was " + (value == null ? "null" : value.getClass().getSimpleName()));
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
