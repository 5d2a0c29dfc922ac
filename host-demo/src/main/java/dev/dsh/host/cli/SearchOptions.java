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
      converter = Counts.class,
      description = "Ask for at most N sources (1 to 100). Without it the provider chooses.")
  @Nullable Integer maxResults;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = Durations.class,
      defaultValue = "30s",
      description =
          "Abort the search after this long: 500ms, 30s, 2m; 1ms to 60m (default: ${DEFAULT-VALUE}).")
  Duration timeout = Duration.ofSeconds(30);

  @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query words.")
  List<String> words = List.of();

  WebSearchRequest request() {
    String query = String.join(" ", words).trim();
    if (query.isEmpty()) {
      throw new UsageException("the query is blank");
    }
    return new WebSearchRequest(query, maxResults);
  }
}
