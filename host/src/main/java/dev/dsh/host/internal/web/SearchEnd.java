package dev.dsh.host.internal.web;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** How a provider's answer ends a search: its result cut to the limit, or its failure. */
final class SearchEnd {

  private SearchEnd() {}

  /** Names the serving provider and cuts the sources to the request's limit. */
  static WebSearchResult result(String id, WebSearchRequest request, WebSearchResult result) {
    List<WebSearchSource> sources = result.sources();
    boolean truncated = result.truncated();
    @Nullable Integer max = request.maxResults();
    if (max != null && sources.size() > max) {
      sources = sources.subList(0, max);
      truncated = true;
    }
    return new WebSearchResult(id, result.content(), sources, truncated, result.dropped());
  }

  /**
   * The error a caller sees for a provider failure. A {@link WebError} passes as is (with any URL
   * user-info in its message hidden, its upstream status kept); anything else is wrapped, naming
   * only the exception's class: a raw message may carry request data.
   */
  static WebError failure(String id, Throwable error) {
    WebError webError = WebErrors.of(error, "web provider \"" + id + "\"");
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
