package dev.dsh.host.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 30s}, {@code 500ms}, {@code 2m} or a bare number of seconds. */
final class Durations implements ITypeConverter<Duration> {

  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m)?");

  @Override
  public Duration convert(String value) {
    Matcher matcher = FORM.matcher(value.trim());
    if (!matcher.matches()) {
      throw new TypeConversionException(
          "'" + value + "' is not a duration: write 30s, 500ms, 2m or a number of seconds");
    }
    long amount = Long.parseLong(matcher.group(1));
    String unit = matcher.group(2) == null ? "s" : matcher.group(2);
    Duration duration =
        switch (unit) {
          case "ms" -> Duration.ofMillis(amount);
          case "m" -> Duration.ofMinutes(amount);
          default -> Duration.ofSeconds(amount);
        };
    if (duration.isZero()) {
      throw new TypeConversionException("the timeout must be longer than zero");
    }
    return duration;
  }
}
