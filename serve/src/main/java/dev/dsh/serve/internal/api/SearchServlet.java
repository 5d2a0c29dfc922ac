package dev.dsh.serve.internal.api;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.tool.WebSearchRendering;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.json.SearchJson;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code POST /api/search}: runs the body's search ({@link SearchBody}) and answers {@code 200}
 * with exactly what {@code dsh search --json} prints (plus the model's text with {@code
 * ?rendering=true}), or the same error object with the status of
 * {@link FailureStatus}. The search runs asynchronously, so a waiting search holds no container
 * thread. Its signal follows the server's shutdown signal; the web service ends it at its
 * timeout.
 */
public final class SearchServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private static final JsonMapper JSON = JsonMapper.builder().build();

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
    String json = SearchJson.result(result);
    if (!rendering) {
      return json;
    }
    ObjectNode root = (ObjectNode) JSON.readTree(json);
    return JSON.writeValueAsString(root.put("rendering", WebSearchRendering.render(result)));
  }

  /**
   * Runs the search and answers once it ends: asynchronously when the filter chain allows it (each
   * filter in front must be async-supported), else on this container thread.
   */
  private void search(Host host, SearchBody body, HttpServletRequest request,
      HttpServletResponse response) {
    Duration timeout = body.timeout();
    boolean rendering = "true".equals(request.getParameter("rendering"));
    AbortController controller = AbortController.linkedTo(state.shutdownSignal());
    CompletableFuture<WebSearchResult> search;
    try {
      search = host.search(body.request().withTimeout(timeout), controller.signal())
          .toCompletableFuture();
    } catch (RuntimeException e) {
      search = CompletableFuture.failedFuture(e);
    }
    @Nullable AsyncContext async = request.isAsyncSupported() ? request.startAsync() : null;
    if (async != null) {
      async.setTimeout(0); // bounded by the search's timeout instead
    }
    CompletableFuture<Void> replied = search.handle((result, error) -> {
      controller.close(); // unlinks it from the long-lived shutdown signal
      try {
        if (error == null) {
          ApiReplies.json(response, 200, answer(result, rendering));
        } else {
          WebError failure = WebError.of(error, "search");
          failed(response, failure,
              failure.getMessage().equals(WebError.timedOut(timeout).getMessage()));
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

  private static void failed(HttpServletResponse response, WebError error, boolean timedOut)
      throws IOException {
    FailureStatus status = FailureStatus.of(error, timedOut);
    status.retryAfterSeconds()
        .ifPresent(seconds -> response.setHeader("Retry-After", Long.toString(seconds)));
    ApiReplies.json(response, status.status(), SearchJson.error(error));
  }
}
