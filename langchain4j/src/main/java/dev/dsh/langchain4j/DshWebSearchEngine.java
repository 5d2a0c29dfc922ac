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
 * A LangChain4j {@link WebSearchEngine} over a dsh {@link WebService}: {@code additionalParams}
 * {@code site}, {@code excludeSites} and {@code freshness} are its filters; a field SearchPro has
 * no equivalent for is refused by name, never searched without. A failure throws its {@link
 * WebError}; an interrupted caller aborts its search and keeps its interrupt status.
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
}
