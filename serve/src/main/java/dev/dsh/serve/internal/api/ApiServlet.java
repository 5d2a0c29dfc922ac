package dev.dsh.serve.internal.api;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.Json;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.tool.WebSearchRendering;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeState;
import dev.dsh.serve.internal.http.ServeToken;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.node.ObjectNode;

/**
 * The probes in plain text ({@code /readyz}: booted, not draining, with a token, the profile
 * applied and a provider ready, else 503 and why) and the JSON API: {@code GET /api/status} as
 * {@code dsh run} prints it; {@code POST /api/search} ({@link SearchBody}) as {@code dsh search
 * --json} does, or its error with {@link #status}'s status.
 */
public final class ApiServlet extends HttpServlet {

  private static final Set<String> NOT_READY = Set.of(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE,
      WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE, WebErrorCodes.WEB_PROVIDER_AMBIGUOUS,
      WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING, WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING);
  private static final Set<String> BAD_REQUEST =
      Set.of(WebErrorCodes.WEB_INVALID_REQUEST, WebErrorCodes.WEB_REQUEST_UNSUPPORTED);

  private final transient ServeState state;
  private final transient ServeToken token;

  public ApiServlet(ServeState state, ServeToken token) {
    this.state = state;
    this.token = token;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    String path = request.getServletPath();
    if (path.equals("/healthz") || path.equals("/readyz")) {
      super.service(request, response); // GET and HEAD, the others 405
    } else if (path.equals("/api/status")) {
      Optional<Host> host = state.booted();
      if (!request.getMethod().equals("GET")) {
        ApiReplies.methodNotAllowed(response, "/api/status", "GET");
      } else if (host.isEmpty()) {
        ApiReplies.error(response, 503, "HOST_NOT_RUNNING",
            state.notReady().orElse("the host is not running"));
      } else {
        ApiReplies.json(response, 200, host.get().status().toJson());
      }
    } else if (!request.getMethod().equals("POST")) {
      ApiReplies.methodNotAllowed(response, "/api/search", "POST");
    } else {
      search(request, response);
    }
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    boolean live = request.getServletPath().equals("/healthz");
    Optional<String> problem = live ? Optional.empty() : notReady();
    ApiReplies.send(response, problem.isPresent() ? 503 : 200, "text/plain; charset=utf-8",
        problem.orElse(live ? "ok" : "ready") + "\n");
  }

  private Optional<String> notReady() {
    Optional<String> problem = state.notReady().or(token::problem);
    if (problem.isPresent()) {
      return problem;
    }
    Host host = state.booted().orElseThrow();
    // Even while the previous tree serves: the files on disk are not what runs.
    Optional<String> profile =
        host.profileProblem().map(why -> "the profile is not applied: " + why);
    List<ProviderStatus> providers = host.providers();
    return profile.isPresent() || providers.stream().anyMatch(ProviderStatus::ready) ? profile
        : providers.isEmpty() ? Optional.of("no web search provider is registered")
        : Optional.of("no web search provider is ready: " + String.join("; ", providers.stream()
            .map(p -> p.id() + ": " + p.reasonOpt().orElse("not ready")).toList()));
  }

  private void search(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String type = Optional.ofNullable(request.getContentType()).orElse("");
    WebSearchRequest body;
    try {
      if (!type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT).equals("application/json")) {
        throw new ApiReplies.Refusal(415, "UNSUPPORTED_MEDIA_TYPE",
            "the body must be JSON, sent with Content-Type: application/json");
      }
      body = SearchBody.parse(request.getInputStream());
    } catch (ApiReplies.Refusal e) {
      // The body may stay unread, so the server may close the connection after this answer: said
      // here, a client does not send its next request on a connection that is going away.
      response.setHeader("Connection", "close");
      ApiReplies.error(response, e);
      return;
    }
    Optional<String> notReady = state.notReady();
    if (notReady.isPresent()) {
      WebError unavailable = new WebError(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE, notReady.get());
      failed(response, unavailable, false);
      return;
    }
    run(state.booted().orElseThrow(), body, request, response);
  }

  /** Answers once the search ends, holding no container thread while it runs. */
  private void run(Host host, WebSearchRequest body, HttpServletRequest request,
      HttpServletResponse response) {
    Duration timeout = body.timeout();
    boolean rendering = "true".equals(request.getParameter("rendering"));
    AbortController controller = AbortController.linkedTo(state.shutdownSignal());
    CompletableFuture<WebSearchResult> search;
    try {
      search = host.search(body, controller.signal()).toCompletableFuture();
    } catch (RuntimeException e) {
      search = CompletableFuture.failedFuture(e);
    }
    AsyncContext async = request.startAsync();
    async.setTimeout(0); // bounded by the search's timeout instead
    search.handle((result, error) -> {
      controller.close(); // unlinks it from the long-lived shutdown signal
      try {
        if (error == null) {
          ObjectNode json = Json.MAPPER.valueToTree(SearchJson.of(result));
          // with ?rendering=true, plus the text a model gets
          ApiReplies.json(response, 200, Json.MAPPER.writeValueAsString(
              rendering ? json.put("rendering", WebSearchRendering.render(result)) : json));
        } else {
          WebError failure = WebError.of(error, "search");
          failed(response, failure,
              failure.getMessage().equals(WebError.timedOut(timeout).getMessage()));
        }
      } catch (IOException | RuntimeException e) {
        response.setStatus(500); // the client went away, or the reply could not be written
      } finally {
        async.complete();
      }
      return null;
    });
  }

  /** 429 as the provider said, 504 at the timeout, 400, 503 not ready or aborted, else 502. */
  private static void failed(HttpServletResponse response, WebError error, boolean timedOut)
      throws IOException {
    String code = error.code();
    boolean tooMany = error.upstreamStatus().orElse(0) == 429;
    if (tooMany) {
      error.retryAfter().ifPresent(wait -> response.setHeader("Retry-After",
          Long.toString((wait.toMillis() + 999) / 1000)));
    }
    ApiReplies.json(response, tooMany ? 429
        : timedOut && code.equals(WebErrorCodes.WEB_ABORTED) ? 504
        : BAD_REQUEST.contains(code) ? 400
        : NOT_READY.contains(code) || code.equals(WebErrorCodes.WEB_ABORTED) ? 503
        : 502, ErrorJson.of(error).toJson());
  }
}
