package dev.dsh.host.cli;

import dev.dsh.api.web.WebSearchRequest;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The arguments of a search, shared by {@code dsh search} and the {@code search} line of run. */
final class SearchOptions {

  @Option(names = "--json", description = "Print one JSON object instead of the text rendering.")
  boolean json;

  @Option(
      names = "--max-results",
      paramLabel = "N",
      description = "Ask for at most N sources (at least 1). Without it the provider chooses.")
  @Nullable Integer maxResults;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = Durations.class,
      defaultValue = "30s",
      description = "Abort the search after this long (default: ${DEFAULT-VALUE}).")
  Duration timeout = Duration.ofSeconds(30);

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query words.")
  List<String> words = List.of();

  WebSearchRequest request() {
    if (maxResults != null && maxResults < 1) {
      throw new UsageException("--max-results must be at least 1, was " + maxResults);
    }
    String query = String.join(" ", words).trim();
    if (query.isEmpty()) {
      throw new UsageException("the query is blank");
    }
    return new WebSearchRequest(query, maxResults);
  }
}
