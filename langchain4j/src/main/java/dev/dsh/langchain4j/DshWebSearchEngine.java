package dev.dsh.langchain4j;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebService;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.web.search.WebSearchEngine;
import dev.langchain4j.web.search.WebSearchRequest;
import dev.langchain4j.web.search.WebSearchResults;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutionException;

/**
 * A LangChain4j {@link WebSearchEngine} searching through a dsh {@link WebService} ({@code
 * ctx.web}): an embedded host's, a plugin's context's, or any other implementation.
 *
 * <p>Request: {@code searchTerms} is the query, {@code maxResults} the limit, and the {@code
 * additionalParams} {@code site} (a domain), {@code excludeSites} (a domain or a list of them) and
 * {@code freshness} ({@code day}, {@code week}, {@code month}, {@code year}, {@code FROM..TO}, or a
 * {@link dev.dsh.api.web.Freshness}) the seam's filters; a provider that does not take a filter
 * fails the search with {@code WEB_REQUEST_UNSUPPORTED}. {@code language}, {@code geoLocation}, a
 * {@code startPage} or {@code startIndex} past the first page, {@code safeSearch} {@code false} and
 * any other {@code additionalParams} entry have no SearchPro equivalent: such a request is refused
 * with an {@link IllegalArgumentException} naming the field, never searched without it. ({@code
 * safeSearch} {@code true}, which LangChain4j's builder sets by default, counts as unset, so
 * LangChain4j's {@code WebSearchTool} and {@code WebSearchContentRetriever} work unchanged.)
 *
 * <p>Results: one {@code WebSearchOrganicResult} per source, best first: the title (else the url's
 * host, else the url, since LangChain4j requires a title), the url, the snippet, no content, and
 * metadata {@code publishedAt} and {@code provider} when known. {@code totalResults} is the number
 * of results returned.
 *
 * <p>Failures: a failed search throws its {@link WebError}, with its {@linkplain WebError#code()
 * code}, message and provider code. Each search carries the engine's timeout, past which the web
 * service ends it ({@link WebError#timedOut}: "web search timed out after 3 s"); an interrupted
 * caller aborts its search ({@code WEB_ABORTED}) and keeps its interrupt status.
 */
public final class DshWebSearchEngine implements WebSearchEngine {

  /** The timeout of {@link #DshWebSearchEngine(WebService)}, the {@code web_search} tool's. */
  public static final Duration DEFAULT_TIMEOUT = WebSearchTool.DEFAULT_TIMEOUT;

  private final WebService web;
  private final Duration timeout;

  /** An engine over {@code web}, each search bounded by {@link #DEFAULT_TIMEOUT}. */
  public DshWebSearchEngine(WebService web) {
    this(web, DEFAULT_TIMEOUT);
  }

  /** An engine over {@code web}, each search bounded by {@code timeout} (positive). */
  public DshWebSearchEngine(WebService web, Duration timeout) {
    this.web = Objects.requireNonNull(web, "web");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, was " + timeout);
    }
  }

  /**
   * Runs one search.
   *
   * @throws IllegalArgumentException naming a request field that is set but not supported
   * @throws WebError when the search fails, with its code and message
   */
  @Override
  public WebSearchResults search(WebSearchRequest request) {
    Objects.requireNonNull(request, "request");
    dev.dsh.api.web.WebSearchRequest search = RequestMapping.toDsh(request).withTimeout(timeout);
    AbortController controller = new AbortController();
    try {
      return ResultMapping.toLangChain4j(
          web.search(search, controller.signal()).toCompletableFuture().get());
    } catch (InterruptedException e) {
      controller.abort(e);
      Thread.currentThread().interrupt();
      throw new WebError(WebErrorCodes.WEB_ABORTED, "web search was interrupted", e);
    } catch (ExecutionException | WebError e) { // a WebError thrown by search() itself
      throw WebError.of(e, "web search");
    }
  }

  @Override
  public String toString() {
    return "DshWebSearchEngine[timeout=" + timeout + "]";
  }
}
