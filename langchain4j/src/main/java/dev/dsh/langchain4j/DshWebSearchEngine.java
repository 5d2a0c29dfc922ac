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
 * ctx.web}). The {@code additionalParams} {@code site}, {@code excludeSites} and {@code freshness}
 * are the seam's filters; a field with no SearchPro equivalent ({@code language}, {@code
 * geoLocation}, a later page, {@code safeSearch false}, any other param) is refused with an {@link
 * IllegalArgumentException} naming it, never searched without it. A failed search throws its
 * {@link WebError}; each search carries the engine's timeout; an interrupted caller aborts its
 * search ({@code WEB_ABORTED}) and keeps its interrupt status.
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

  /** Runs one search; IllegalArgumentException names a field set but not supported. */
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
