package dev.dsh.app.cli;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * A search's arguments ({@code dsh search}, run's {@code search} line), and the converters of
 * bounded numbers: checked at parse time, so no later arithmetic (nanoseconds) can overflow.
 */
final class SearchOptions {

  @Option(names = "--json", description = "Print one JSON object instead of the text rendering.")
  boolean json;

  @Option(names = "--max-results", paramLabel = "N", converter = Count.class,
      description = "Ask for at most N sources (1 to 100). Without it the provider chooses.")
  @Nullable Integer maxResults;

  @Option(names = "--timeout", paramLabel = "DURATION", converter = Time.class,
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
    return new WebSearchRequest(query, maxResults, filters()).withTimeout(timeout);
  }

  private SearchFilters filters() {
    try {
      return new SearchFilters(
          site, excludeSites, freshness == null ? null : Freshness.parse(freshness));
    } catch (IllegalArgumentException e) {
      // the API names its fields; the user typed the options
      throw new UsageException(
          "--" + String.valueOf(e.getMessage()).replaceFirst("^excludeSites", "exclude-site"));
    }
  }

  /** {@code --max-results}: 1 to 100, twice the most sources a provider returns (SearchPro: 50). */
  static final class Count implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      String trimmed = value.trim();
      if (!trimmed.matches("[+-]?\\d+")) {
        throw new TypeConversionException(
            "'" + UsageException.echo(value) + "' is not a whole number");
      }
      // Judged on the digits, so 99999999999 is out of range rather than "not an int".
      String digits = trimmed.replaceFirst("^\\+?0*(?=\\d)", "");
      int count = digits.startsWith("-") || digits.length() > 9 ? 0 : Integer.parseInt(digits);
      if (count < 1 || count > 100) {
        throw outOfRange(value, "1 to 100");
      }
      return count;
    }
  }

  /** {@code 30s}, {@code 500ms}, {@code 2m} or seconds, from 1 ms to 1 hour. */
  static final class Time implements ITypeConverter<Duration> {
    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m)?");

    @Override
    public Duration convert(String value) {
      Matcher matcher = FORM.matcher(value.trim());
      if (!matcher.matches()) {
        throw new TypeConversionException("'" + UsageException.echo(value)
            + "' is not a duration: write 30s, 500ms, 2m or a number of seconds");
      }
      String digits = matcher.group(1).replaceFirst("^0+(?=\\d)", "");
      String unit = matcher.group(2) == null ? "s" : matcher.group(2);
      // 7 digits hold an hour in milliseconds; more are out of range whatever the unit.
      if (digits.length() > 7) {
        throw outOfRange(value, "1ms to 60m (1 hour)");
      }
      long amount = Long.parseLong(digits);
      Duration duration =
          switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofSeconds(amount);
          };
      if (duration.isZero() || duration.compareTo(Duration.ofHours(1)) > 0) {
        throw outOfRange(value, "1ms to 60m (1 hour)");
      }
      return duration;
    }
  }

  private static TypeConversionException outOfRange(String value, String allowed) {
    return new TypeConversionException(
        "'" + UsageException.echo(value) + "' is out of range: allowed is " + allowed);
  }
}
