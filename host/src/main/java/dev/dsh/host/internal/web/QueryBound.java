package dev.dsh.host.internal.web;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import java.util.Optional;

/**
 * The seam's bound on a query's length, checked where every door's search enters {@code ctx.web}:
 * the CLI, {@code dsh run}, the {@code web_search} tool (so MCP) and the LangChain4j engine.
 */
final class QueryBound {

  private QueryBound() {}

  /** Why {@code request}'s query is refused, naming the bound; empty when it is short enough. */
  static Optional<WebError> refusal(WebSearchRequest request) {
    String query = request.query();
    // Code points never outnumber chars: a short string needs no count.
    if (query.length() <= WebSearchRequest.MAX_QUERY_LENGTH) {
      return Optional.empty();
    }
    int length = query.codePointCount(0, query.length());
    if (length <= WebSearchRequest.MAX_QUERY_LENGTH) {
      return Optional.empty();
    }
    return Optional.of(
        new WebError(
            WebErrorCodes.WEB_INVALID_REQUEST,
            "the query is "
                + length
                + " characters long; at most "
                + WebSearchRequest.MAX_QUERY_LENGTH
                + " are allowed: shorten it"));
  }
}
