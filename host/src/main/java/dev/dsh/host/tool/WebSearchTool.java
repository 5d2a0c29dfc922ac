package dev.dsh.host.tool;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.tool.WebSearchRendering.Answer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The model-facing {@code web_search} tool.
 *
 * <p>Arguments: {@code {"queries": [1 to 4 non-blank strings]}}, optionally {@code "site"} (a
 * domain) and {@code "freshness"} ({@code day}, {@code week}, {@code month}, {@code year} or {@code
 * FROM..TO}), applied to every query, and nothing else ({@link #schemaJson()}). Queries are trimmed and duplicates removed; each is one {@code web.search} with
 * {@code maxResults} {@value #MAX_RESULTS}, all running at once under one signal that fires when
 * the caller's signal fires, when the search timeout elapses, or when a search fails — so the first
 * failure aborts the others. Sources are merged round-robin by rank, de-duplicated by url and cut
 * to {@value #MAX_RESULTS}; the result is truncated when a search reported truncation or the cut
 * dropped a source. The text is laid out by {@link WebSearchRendering}.
 *
 * <p>A failure gives {@code Error: <message>} with the error's code kept: invalid arguments give
 * {@code WEB_INVALID_REQUEST}; a search failure gives that search's code and message, except that
 * an abort caused by the tool's own timeout reads {@link WebError#timedOut} ({@code web search timed
 * out after 3 s}, {@code WEB_ABORTED}), as at every door. The returned stage never completes
 * exceptionally.
 */
public final class WebSearchTool {

  /** The tool's name as the model sees it. */
  public static final String NAME = "web_search";

  /** The service key the {@code tool-web} plugin provides this tool under. */
  public static final ServiceKey<WebSearchTool> KEY =
      ServiceKey.of("tool:" + NAME, WebSearchTool.class);

  /** Sources asked of each search, and the cap of the merged list. */
  public static final int MAX_RESULTS = 8;

  /** The default search timeout. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

  /** The tool's description for the model. */
  public static final String DESCRIPTION =
      "Search the web. Give 1 to 4 queries (several when the question has distinct parts); the"
          + " sources are returned as markdown links with snippets and dates. Cite the relevant"
          + " URLs in your answer. Optionally narrow every query to one site (a domain such as"
          + " www.gov.cn) or to recent pages with freshness: day, week, month, year, or a date"
          + " range FROM..TO such as 2025-01-01..2025-06-30.";

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private final WebService web;
  private final Supplier<Duration> timeout;

  /** A tool searching through {@code web} with the {@linkplain #DEFAULT_TIMEOUT default timeout}. */
  public WebSearchTool(WebService web) {
    this(web, DEFAULT_TIMEOUT);
  }

  /** A tool searching through {@code web}, each call bounded by {@code timeout}. */
  public WebSearchTool(WebService web, Duration timeout) {
    this(web, fixed(timeout));
  }

  /**
   * A tool searching through {@code web}, each call bounded by the timeout {@code timeout} gives at
   * the start of the call (so a live config change applies to the next call).
   */
  public WebSearchTool(WebService web, Supplier<Duration> timeout) {
    this.web = Objects.requireNonNull(web, "web");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
  }

  /** The tool's name, {@value #NAME}. */
  public String name() {
    return NAME;
  }

  /** The tool's description for the model. */
  public String description() {
    return DESCRIPTION;
  }

  /**
   * The timeout the next call is bounded by (the one its searches are aborted at), for a caller
   * that waits on the call and must know how long.
   */
  public Duration timeout() {
    return timeout.get();
  }

  /** The JSON Schema of the arguments, pretty-printed. */
  public String schemaJson() {
    return schema();
  }

  /** The JSON Schema of the arguments, pretty-printed; the same for every instance. */
  public static String schema() {
    ObjectNode schema = MAPPER.createObjectNode();
    schema.put("type", "object");
    ObjectNode queries = schema.putObject("properties").putObject("queries");
    queries.put("type", "array");
    queries.put(
        "description",
        "1 to 4 search queries, each searched on its own; duplicates are ignored.");
    ObjectNode item = queries.putObject("items");
    item.put("type", "string");
    item.put("minLength", 1);
    item.put("pattern", "\\S");
    queries.put("minItems", ToolArguments.MIN_QUERIES);
    queries.put("maxItems", ToolArguments.MAX_QUERIES);
    ObjectNode site = ((ObjectNode) schema.get("properties")).putObject("site");
    site.put("type", "string");
    site.put("description", "Search within this domain only, such as www.gov.cn.");
    site.put("pattern", "^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$");
    ObjectNode freshness = ((ObjectNode) schema.get("properties")).putObject("freshness");
    freshness.put("type", "string");
    freshness.put(
        "description",
        "Only pages of the last day, week, month or year, or published FROM..TO (ISO dates, such"
            + " as 2025-01-01..2025-06-30).");
    freshness.put("pattern", "^(day|week|month|year|\\d{4}-\\d{2}-\\d{2}\\.\\.\\d{4}-\\d{2}-\\d{2})$");
    ArrayNode required = schema.putArray("required");
    required.add("queries");
    schema.put("additionalProperties", false);
    return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(schema);
  }

  /**
   * Runs the tool with the model's JSON arguments.
   *
   * @param argumentsJson the arguments as the model sent them
   * @param signal aborts every search of the call when it fires
   */
  public CompletionStage<ToolResult> call(String argumentsJson, AbortSignal signal) {
    return call(argumentsJson, signal, SearchProgress.NONE);
  }

  /**
   * Runs the tool with the model's JSON arguments, telling {@code progress} as each query's search
   * ends with a result.
   *
   * @param argumentsJson the arguments as the model sent them
   * @param signal aborts every search of the call when it fires
   */
  public CompletionStage<ToolResult> call(
      String argumentsJson, AbortSignal signal, SearchProgress progress) {
    Objects.requireNonNull(argumentsJson, "argumentsJson");
    Objects.requireNonNull(progress, "progress");
    ToolArguments.Call call;
    try {
      call = ToolArguments.parse(argumentsJson);
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(
          ToolResult.failure(WEB_INVALID_REQUEST, e.getMessage()));
    }
    return search(call.queries(), call.filters(), signal, progress);
  }

  /**
   * Runs the tool for {@code queries} given directly (1 to 4, not blank).
   *
   * @param signal aborts every search of the call when it fires
   */
  public CompletionStage<ToolResult> call(List<String> queries, AbortSignal signal) {
    return call(queries, SearchFilters.NONE, signal);
  }

  /**
   * Runs the tool for {@code queries} given directly (1 to 4, not blank), each search carrying
   * {@code filters}.
   *
   * @param signal aborts every search of the call when it fires
   */
  public CompletionStage<ToolResult> call(
      List<String> queries, SearchFilters filters, AbortSignal signal) {
    Objects.requireNonNull(queries, "queries");
    Objects.requireNonNull(filters, "filters");
    List<String> checked;
    try {
      checked = ToolArguments.check(queries);
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(
          ToolResult.failure(WEB_INVALID_REQUEST, e.getMessage()));
    }
    return search(checked, filters, signal, SearchProgress.NONE);
  }

  private CompletionStage<ToolResult> search(
      List<String> queries, SearchFilters filters, AbortSignal signal, SearchProgress progress) {
    Objects.requireNonNull(signal, "signal");
    Duration limit = timeout.get();
    AbortSignal deadline = AbortSignal.timeout(limit);
    return SearchFanOut.run(web, queries, MAX_RESULTS, filters, progress, signal, deadline)
        .handle(
            (results, error) -> {
              if (error == null) {
                return render(queries, results);
              }
              WebError failure = SearchFanOut.asWebError(error);
              if (failure.code().equals(WEB_ABORTED) && deadline.aborted() && !signal.aborted()) {
                failure = WebError.timedOut(limit);
              }
              return ToolResult.failure(failure.code(), failure.getMessage());
            });
  }

  private static ToolResult render(List<String> queries, List<WebSearchResult> results) {
    List<Answer> answers = new ArrayList<>();
    for (int i = 0; i < queries.size(); i++) {
      answers.add(new Answer(queries.get(i), results.get(i).content()));
    }
    SourceMerge merged = SourceMerge.of(results, MAX_RESULTS);
    return ToolResult.success(
        WebSearchRendering.render(answers, merged.sources(), merged.truncated()),
        merged.sources(),
        merged.truncated());
  }

  private static Supplier<Duration> fixed(Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    return () -> timeout;
  }

  @Override
  public String toString() {
    return "WebSearchTool[" + NAME + "]";
  }
}
