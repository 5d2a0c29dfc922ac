package dev.dsh.app.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code 30s}, {@code 500ms}, {@code 2m} or seconds, bounded here so no later deadline
 * arithmetic can overflow; picocli prefixes the option's name.
 */
final class Durations implements ITypeConverter<Duration> {

  static final Duration MIN = Duration.ofMillis(1);
  static final Duration MAX = Duration.ofHours(1);

  private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m)?");
  // One hour in milliseconds; more digits are out of range whatever the unit.
  private static final int MAX_DIGITS = 7;

  @Override
  public Duration convert(String value) {
    Matcher matcher = FORM.matcher(value.trim());
    if (!matcher.matches()) {
      throw new TypeConversionException(
          "'" + Echo.cut(value) + "' is not a duration: write 30s, 500ms, 2m or a number of seconds");
    }
    String digits = matcher.group(1).replaceFirst("^0+(?=\\d)", "");
    String unit = matcher.group(2) == null ? "s" : matcher.group(2);
    if (digits.length() > MAX_DIGITS) {
      throw outOfRange(value);
    }
    long amount = Long.parseLong(digits);
    Duration duration =
        switch (unit) {
          case "ms" -> Duration.ofMillis(amount);
          case "m" -> Duration.ofMinutes(amount);
          default -> Duration.ofSeconds(amount);
        };
    if (duration.compareTo(MIN) < 0 || duration.compareTo(MAX) > 0) {
      throw outOfRange(value);
    }
    return duration;
  }

  private static TypeConversionException outOfRange(String value) {
    return new TypeConversionException(
        "'" + Echo.cut(value) + "' is out of range: allowed is 1ms to 60m (1 hour)");
  }
}
