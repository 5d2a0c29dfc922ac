package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static dev.dsh.api.web.WebErrorCodes.WEB_REQUEST_UNSUPPORTED;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The seam's rules for one search: the bound on the query, the filters the serving provider
 * honours, the cut to {@code maxResults}, and what a provider's failure becomes.
 */
final class SearchRules {

  private SearchRules() {}

  /** Refuses a query over {@link WebSearchRequest#MAX_QUERY_LENGTH} code points, naming the bound. */
  static void checkQuery(WebSearchRequest request) {
    String query = request.query();
    // Code points never outnumber chars: a short string needs no count.
    int length = query.length() <= WebSearchRequest.MAX_QUERY_LENGTH
        ? 0 : query.codePointCount(0, query.length());
    if (length > WebSearchRequest.MAX_QUERY_LENGTH) {
      throw new WebError(WEB_INVALID_REQUEST, "the query is " + length
          + " characters long; at most " + WebSearchRequest.MAX_QUERY_LENGTH
          + " are allowed: shorten it");
    }
  }

  /** Why provider {@code id} refuses {@code request}'s filters; empty when it honours them all. */
  static Optional<WebError> filterRefusal(
      String id, WebSearchProvider provider, WebSearchRequest request) {
    Set<SearchFilter> used = request.filters().used();
    Set<SearchFilter> supported = used.isEmpty() ? Set.of() : provider.supportedFilters();
    String missing = used.stream()
        .filter(filter -> supported == null || !supported.contains(filter))
        .map(SearchFilter::fieldName)
        .collect(Collectors.joining(", "));
    return missing.isEmpty() ? Optional.empty() : Optional.of(new WebError(WEB_REQUEST_UNSUPPORTED,
        "web provider \"" + id + "\" does not support the filter" + (missing.contains(",") ? "s " : " ")
            + missing));
  }

  /** {@code result} naming provider {@code id}, its sources cut to the request's limit. */
  static WebSearchResult cut(String id, WebSearchRequest request, WebSearchResult result) {
    List<WebSearchSource> sources = result.sources();
    Integer max = request.maxResults();
    boolean cut = max != null && sources.size() > max;
    return new WebSearchResult(id, result.content(), cut ? sources.subList(0, max) : sources,
        cut || result.truncated(), result.dropped());
  }

  /** Provider {@code id}'s failure as {@link WebError#of}, its message's URL user-info hidden. */
  static WebError failure(String id, Throwable error) {
    WebError webError = WebError.of(error, "web provider \"" + id + "\"");
    String message = UrlUserInfo.redact(webError.getMessage());
    if (message.equals(webError.getMessage())) {
      return webError;
    }
    WebError redacted = new WebError(
        webError.code(), message, webError.providerCode().orElse(null), webError.getCause());
    return webError.upstreamStatus()
        .map(status -> redacted.withUpstream(status, webError.retryAfter().orElse(null)))
        .orElse(redacted);
  }
}
