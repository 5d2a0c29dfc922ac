package dev.dsh.serve.internal.api;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_AMBIGUOUS;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_REQUEST_UNSUPPORTED;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.Json;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.tool.WebSearchRendering;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeState;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /api/search}: runs the body's search ({@link SearchBody}) and answers {@code 200}
 * with exactly what {@code dsh search --json} prints (plus the model's text with {@code
 * ?rendering=true}), or the same error object with the status {@link #status} gives. The search
 * runs asynchronously, so a waiting search holds no container thread. Its signal follows the
 * server's shutdown signal and its own timeout; a provider that ignores both is given up on
 * {@link #GRACE} later.
 */
public final class SearchServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  /** Past the search's own timeout: only a provider that ignores its abort signal gets here. */
  static final Duration GRACE = Duration.ofSeconds(10);

  private static final Set<String> NOT_READY = Set.of(WEB_PROVIDER_UNAVAILABLE,
      WEB_PROVIDER_CONFIGURED_UNAVAILABLE, WEB_PROVIDER_CONFIGURED_MISSING,
      WEB_PROVIDER_CREDENTIAL_MISSING, WEB_PROVIDER_AMBIGUOUS);

  private final transient ServeState state;

  public SearchServlet(ServeState state) {
    this.state = state;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (!request.getMethod().equals("POST")) {
      ApiReplies.methodNotAllowed(response, "/api/search", "POST");
      return;
    }
    String type = Optional.ofNullable(request.getContentType()).orElse("");
    if (!type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT).equals("application/json")) {
      // The body stays unread, so the server may close the connection after this answer: said
      // here, a client does not send its next request on a connection that is going away.
      response.setHeader("Connection", "close");
      ApiReplies.error(response, 415, "UNSUPPORTED_MEDIA_TYPE",
          "the body must be JSON, sent with Content-Type: application/json");
      return;
    }
    SearchBody body;
    try {
      body = SearchBody.parse(request.getInputStream());
    } catch (BadRequest e) {
      response.setHeader("Connection", "close"); // the body may be left partly unread, as above
      ApiReplies.error(response, 400, "BAD_REQUEST", e.getMessage());
      return;
    }
    Optional<String> notReady = state.notReady();
    if (notReady.isPresent()) {
      failed(response, new WebError(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE, notReady.get()), false);
      return;
    }
    search(state.booted().orElseThrow(), body, request, response);
  }

  /**
   * The answer to a search that ended with {@code result}: {@code dsh search --json}'s object,
   * with {@code ?rendering=true} plus {@code "rendering"}, the exact text the {@code web_search}
   * tool gives the model for it (the console shows both).
   */
  private static String answer(WebSearchResult result, boolean rendering) {
    if (!rendering) {
      return SearchJson.of(result).toJson();
    }
    ObjectNode root = Json.MAPPER.valueToTree(SearchJson.of(result));
    return Json.MAPPER.writeValueAsString(root.put("rendering", WebSearchRendering.render(result)));
  }

  /**
   * Runs the search and answers once it ends: asynchronously when the filter chain allows it (each
   * filter in front must be async-supported), else on this container thread.
   */
  private void search(Host host, SearchBody body, HttpServletRequest request,
      HttpServletResponse response) {
    Duration timeout = body.timeout();
    boolean rendering = "true".equals(request.getParameter("rendering"));
    AbortSignal deadline = AbortSignal.timeout(timeout);
    AbortController controller = AbortController.linkedTo(state.shutdownSignal(), deadline);
    CompletableFuture<WebSearchResult> search;
    try {
      // A copy: giving up on it after GRACE must not complete the host's own future.
      search = host.search(body.request(), controller.signal()).toCompletableFuture().copy();
    } catch (RuntimeException e) {
      search = CompletableFuture.failedFuture(e);
    }
    @Nullable AsyncContext async = request.isAsyncSupported() ? request.startAsync() : null;
    if (async != null) {
      async.setTimeout(0); // bounded by the search's timeout and GRACE instead
    }
    CompletableFuture<Void> replied = search
        .orTimeout(timeout.plus(GRACE).toMillis(), TimeUnit.MILLISECONDS)
        .handle((result, error) -> {
          controller.close(); // unlinks it from the long-lived shutdown signal
          try {
            if (error == null) {
              ApiReplies.json(response, 200, answer(result, rendering));
            } else {
              failed(response, failure(error, deadline.aborted(), timeout), deadline.aborted());
            }
          } catch (IOException | RuntimeException e) {
            response.setStatus(500); // the client went away, or the reply could not be written
          } finally {
            if (async != null) {
              async.complete();
            }
          }
          return null;
        });
    if (async == null) {
      replied.join();
    }
  }

  /**
   * The error to answer: the search's own, except that an abort its timeout caused reads {@link
   * WebError#timedOut} (the wording of every door), and a provider that did not end it {@link
   * #GRACE} later is said to.
   */
  private static WebError failure(Throwable error, boolean timedOut, Duration timeout) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null
        ? error.getCause()
        : error;
    if (cause instanceof TimeoutException) {
      return new WebError(WebErrorCodes.WEB_ABORTED, WebError.timedOut(timeout).getMessage()
          + ", and the provider did not end it within " + GRACE.toSeconds() + " s more");
    }
    if (!(cause instanceof WebError failure)) {
      // Host.search fails with a WebError only; a class name never carries request data.
      return new WebError(WebErrorCodes.WEB_PROVIDER_ERROR,
          "search failed: " + cause.getClass().getSimpleName(), cause);
    }
    return timedOut && failure.code().equals(WebErrorCodes.WEB_ABORTED)
        ? WebError.timedOut(timeout)
        : failure;
  }

  private static void failed(HttpServletResponse response, WebError error, boolean timedOut)
      throws IOException {
    if (error.upstreamStatus().orElse(0) == 429) {
      error.retryAfter().ifPresent(wait -> response.setHeader("Retry-After",
          Long.toString((wait.toMillis() + 999) / 1000)));
    }
    ApiReplies.json(response, status(error, timedOut), ErrorJson.of(error).toJson());
  }

  /**
   * A failed search's status: {@code 429} when the provider's service answered 429 (with its
   * {@code Retry-After}, whole seconds rounded up), {@code 504} when its own timeout fired, {@code
   * 400} for a request no provider can serve as asked, {@code 503} when no provider is ready or the
   * search was aborted under it (the server stopping, its provider unloaded), else {@code 502}.
   */
  private static int status(WebError error, boolean timedOut) {
    String code = error.code();
    return error.upstreamStatus().orElse(0) == 429 ? 429
        : timedOut && code.equals(WEB_ABORTED) ? 504
        : code.equals(WEB_INVALID_REQUEST) || code.equals(WEB_REQUEST_UNSUPPORTED) ? 400
        : NOT_READY.contains(code) || code.equals(WEB_ABORTED) ? 503
        : 502;
  }
}
