package dev.dsh.app.cli;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.internal.web.WebErrors;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.tool.WebSearchRendering;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs one search on a host and prints it as {@code dsh search} does. */
final class SearchPrinter {

  /** Past the search's own timeout: only a provider that ignores its abort signal gets here. */
  static final Duration GRACE = Duration.ofSeconds(10);

  private SearchPrinter() {}

  /** Searches, prints to {@code out}, and returns the exit code (0 or 3). */
  static int searchAndPrint(Host host, SearchOptions options, PrintStream out) {
    String text;
    int status = ExitCodes.OK;
    try {
      text = text(await(host, options.request(), options.timeout), options.json);
    } catch (WebError e) {
      text = text(e, options.json);
      status = ExitCodes.WEB_ERROR;
    }
    out.print(text + "\n");
    out.flush();
    return status;
  }

  /** What {@code dsh search} prints for {@code result}, without the final newline. */
  static String text(WebSearchResult result, boolean json) {
    return json ? SearchJson.of(result).toJson() : WebSearchRendering.render(result);
  }

  /** What {@code dsh search} prints for {@code error}, without the final newline. */
  static String text(WebError error, boolean json) {
    return json ? ErrorJson.of(error).toJson() : "Error: " + error.getMessage();
  }

  /** A search's failure as the {@link WebError} it is, or one wrapping it. */
  static WebError asWebError(Throwable failure) {
    return WebErrors.of(failure, "search");
  }

  /**
   * A search's failure as {@link #asWebError}, except that an abort its own timeout caused reads
   * {@link WebError#timedOut}, the wording of every door.
   *
   * @param timedOut whether the search's timeout fired, and nothing else aborted it before
   */
  static WebError asWebError(Throwable failure, boolean timedOut, Duration timeout) {
    WebError error = asWebError(failure);
    return timedOut && error.code().equals(WebErrorCodes.WEB_ABORTED)
        ? WebError.timedOut(timeout)
        : error;
  }

  /** The error of a search still running past its timeout plus {@link #GRACE}. */
  static WebError overdue(Duration timeout) {
    return new WebError(
        WebErrorCodes.WEB_ABORTED,
        WebError.timedOut(timeout).getMessage()
            + ", and the provider did not end it within "
            + GRACE.toSeconds()
            + " s more");
  }

  private static WebSearchResult await(Host host, WebSearchRequest request, Duration timeout) {
    AbortSignal signal = AbortSignal.timeout(timeout);
    try {
      return host.search(request, signal)
          .toCompletableFuture()
          .get(timeout.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | CompletionException e) {
      throw asWebError(e, signal.aborted(), timeout);
    } catch (TimeoutException e) {
      throw overdue(timeout);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WebError(WebErrorCodes.WEB_ABORTED, "interrupted", e);
    }
  }
}
