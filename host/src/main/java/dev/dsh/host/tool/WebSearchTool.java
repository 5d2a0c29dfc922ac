package dev.dsh.host.tool;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.api.web.WebService;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * The model-facing {@code web_search} tool: its queries searched at once, sources merged round-robin
 * by rank and de-duplicated by url; a failure is {@code Error: <message>} with its code, never an
 * exceptional stage.
 */
public final class WebSearchTool {

  /** The tool's name as the model sees it. */
  public static final String NAME = "web_search";

  /** The service key the {@code tool-web} plugin provides this tool under. */
  public static final ServiceKey<WebSearchTool> KEY =
      ServiceKey.of("tool:" + NAME, WebSearchTool.class);

  /** Sources asked of each search, and the cap of the merged list. */
  public static final int MAX_RESULTS = 8;

  /** The timeout of a tool built without one. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  /** The tool's description for the model. */
  public static final String DESCRIPTION =
      "Search the web. Give 1 to 4 queries (several when the question has distinct parts); the"
          + " sources are returned as markdown links with snippets and dates. Cite the relevant"
          + " URLs in your answer. Optionally narrow every query to one site (a domain such as"
          + " www.gov.cn) or to recent pages with freshness: day, week, month, year, or a date"
          + " range FROM..TO such as 2025-01-01..2025-06-30.";

  /** Told, one at a time, as each search of a call ends with a result: {@code done} of all. */
  public interface SearchProgress {
    /** Reports nothing. */
    SearchProgress NONE = (done, total) -> {};

    void finished(int done, int total);
  }

  private final WebService web;
  private final Supplier<Duration> timeout;

  /** A tool searching through {@code web} with the {@linkplain #DEFAULT_TIMEOUT default timeout}. */
  public WebSearchTool(WebService web) {
    this(web, () -> DEFAULT_TIMEOUT);
  }

  /** A tool whose searches take the timeout {@code timeout} gives as their call starts. */
  public WebSearchTool(WebService web, Supplier<Duration> timeout) {
    this.web = Objects.requireNonNull(web, "web");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
  }

  /** The JSON Schema of the arguments, pretty-printed ({@code web_search.schema.json}). */
  public static String schema() {
    try (InputStream in = WebSearchTool.class.getResourceAsStream("web_search.schema.json")) {
      return new String(Objects.requireNonNull(in, "schema").readAllBytes(), UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Runs the tool with the model's JSON arguments; {@code signal} aborts its searches. */
  public CompletionStage<ToolResult> call(String argumentsJson, AbortSignal signal) {
    return call(argumentsJson, signal, SearchProgress.NONE);
  }

  /** As {@link #call(String, AbortSignal)}, telling {@code progress} as each search ends well. */
  public CompletionStage<ToolResult> call(
      String argumentsJson, AbortSignal signal, SearchProgress progress) {
    Objects.requireNonNull(signal, "signal");
    Objects.requireNonNull(progress, "progress");
    ToolArguments call;
    try {
      call = ToolArguments.parse(Objects.requireNonNull(argumentsJson, "argumentsJson"));
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(
          ToolResult.failure(WEB_INVALID_REQUEST, e.getMessage()));
    }
    Duration limit = timeout.get();
    return searchAll(call.queries().stream()
            .map(query -> new WebSearchRequest(query, MAX_RESULTS, call.filters(), limit))
            .toList(), progress, signal)
        .handle((results, error) -> {
          if (error == null) {
            return render(call.queries(), results);
          }
          WebError failure = WebError.of(error, "web search");
          return ToolResult.failure(failure.code(), failure.getMessage());
        });
  }

  /** {@link #call(String, AbortSignal)} on the caller's thread; an interrupt aborts the call. */
  public ToolResult callAndWait(String argumentsJson) {
    AbortController call = new AbortController();
    try {
      return call(argumentsJson, call.signal()).toCompletableFuture().get();
    } catch (InterruptedException e) {
      call.abort(e);
      Thread.currentThread().interrupt();
      return ToolResult.failure(WEB_ABORTED, "web search was interrupted");
    } catch (ExecutionException e) {
      throw new IllegalStateException(e); // never: the call's stage does not fail
    }
  }

  // At once, under a signal shared with the caller's: the first failure aborts the others.
  private CompletableFuture<List<WebSearchResult>> searchAll(
      List<WebSearchRequest> requests, SearchProgress progress, AbortSignal caller) {
    AbortController shared = AbortController.linkedTo(caller);
    // Searches end on the providers' threads: the count and the report go together under one
    // monitor, so reports arrive one at a time with the count rising.
    int[] done = {0};
    CompletableFuture<List<WebSearchResult>> outcome = new CompletableFuture<>();
    outcome.whenComplete((results, error) -> shared.close());
    List<CompletableFuture<WebSearchResult>> searches = new ArrayList<>();
    for (WebSearchRequest request : requests) {
      if (outcome.isDone()) {
        break; // one failed at once: the rest stay unstarted
      }
      CompletableFuture<WebSearchResult> search;
      try {
        search = web.search(request, shared.signal()).toCompletableFuture();
      } catch (RuntimeException e) {
        search = CompletableFuture.failedFuture(e);
      }
      // The outcome waits for the stage whenComplete returns, so every report comes before it.
      searches.add(search.whenComplete((result, error) -> {
        if (error != null) {
          WebError failure = WebError.of(error, "web search");
          if (outcome.completeExceptionally(failure)) {
            shared.abort(failure);
          }
        } else {
          synchronized (done) {
            try {
              progress.finished(++done[0], requests.size());
            } catch (RuntimeException e) {
              // a report that failed must not fail the search it reports
            }
          }
        }
      }));
    }
    CompletableFuture.allOf(searches.toArray(CompletableFuture[]::new))
        .thenRun(() -> outcome.complete(searches.stream().map(CompletableFuture::join).toList()));
    return outcome;
  }

  private static ToolResult render(List<String> queries, List<WebSearchResult> results) {
    // Round-robin by rank: every query's first source, then every query's second, ...; the first
    // source seen for a url is kept. Truncated when a search was, or the cap dropped a source.
    Map<String, WebSearchSource> byUrl = new LinkedHashMap<>();
    boolean truncated = results.stream().anyMatch(WebSearchResult::truncated);
    int deepest = results.stream().mapToInt(r -> r.sources().size()).max().orElse(0);
    for (int rank = 0; rank < deepest; rank++) {
      for (WebSearchResult result : results) {
        if (rank < result.sources().size()) {
          WebSearchSource source = result.sources().get(rank);
          if (!byUrl.containsKey(source.url())) {
            truncated |= byUrl.size() >= MAX_RESULTS;
            if (byUrl.size() < MAX_RESULTS) {
              byUrl.put(source.url(), source);
            }
          }
        }
      }
    }
    List<WebSearchSource> sources = List.copyOf(byUrl.values());
    return new ToolResult(
        WebSearchRendering.render(queries, results, sources, truncated), null, sources, truncated);
  }
}
