package dev.dsh.app.cli;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The arguments of a search, shared by {@code dsh search} and the {@code search} line of run. */
final class SearchOptions {

  @Option(names = "--json", description = "Print one JSON object instead of the text rendering.")
  boolean json;

  @Option(names = "--max-results", paramLabel = "N", converter = Bounds.Count.class,
      description = "Ask for at most N sources (1 to 100). Without it the provider chooses.")
  @Nullable Integer maxResults;

  @Option(names = "--timeout", paramLabel = "DURATION", converter = Bounds.Time.class,
      defaultValue = "30s", description =
          "Abort the search after this long: 500ms, 30s, 2m; 1ms to 60m (default: ${DEFAULT-VALUE}).")
  Duration timeout = Duration.ofSeconds(30);

  @Option(names = "--site", paramLabel = "DOMAIN",
      description = "Search within this domain only (such as www.gov.cn).")
  @Nullable String site;

  @Option(names = "--exclude-site", paramLabel = "DOMAIN",
      description = "Leave this domain out; repeatable.")
  List<String> excludeSites = new ArrayList<>();

  @Option(names = "--freshness", paramLabel = "F",
      description = "Only pages of the last day, week, month or year, or of FROM..TO (ISO dates).")
  @Nullable String freshness;

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query words.")
  List<String> words = List.of();

  WebSearchRequest request() {
    String query = String.join(" ", words).trim();
    if (query.isEmpty()) {
      throw new UsageException("the query is blank");
    }
    return new WebSearchRequest(query, maxResults, filters());
  }

  private SearchFilters filters() {
    Freshness period = null;
    if (freshness != null) {
      try {
        period = Freshness.parse(freshness);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--" + e.getMessage());
      }
    }
    try {
      return new SearchFilters(site, excludeSites, period);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      throw new UsageException(
          message.startsWith("excludeSites")
              ? "--exclude-site" + message.substring("excludeSites".length())
              : "--" + message);
    }
  }
}
