package dev.dsh.yuanbao;

import static java.time.temporal.ChronoField.DAY_OF_MONTH;
import static java.time.temporal.ChronoField.HOUR_OF_DAY;
import static java.time.temporal.ChronoField.MINUTE_OF_HOUR;
import static java.time.temporal.ChronoField.MONTH_OF_YEAR;
import static java.time.temporal.ChronoField.NANO_OF_SECOND;
import static java.time.temporal.ChronoField.SECOND_OF_MINUTE;
import static java.time.temporal.ChronoField.YEAR;

import java.text.ParsePosition;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.format.SignStyle;
import java.time.temporal.TemporalAccessor;
import java.time.temporal.TemporalQueries;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Normalises the dates SearchPro sends to {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME}.
 *
 * <p>Accepted, two-digit fields only and checked strictly ({@code 2025-02-30} is invalid):
 * ISO-8601 with {@code T} or a space, with or without seconds, fraction or zone ({@code Z},
 * {@code ±HH:MM}, {@code ±HHMM}, {@code ±HH}), or a date alone; {@code uuuu/MM/dd HH:mm:ss} and
 * {@code uuuu/MM/dd}. No zone means {@code +08:00} (the service's clock); a date alone means
 * midnight. A zoned input keeps its instant and its own offset.
 */
final class Dates {

  static final ZoneOffset SERVICE_OFFSET = ZoneOffset.ofHours(8);

  /**
   * The zone forms accepted after a time, by length: {@code Z}, {@code ±HH}, {@code ±HHMM},
   * {@code ±HH:MM}; {@link ZoneOffset#of} checks the form and the range.
   */
  private static final Set<Integer> OFFSET_LENGTHS = Set.of(1, 3, 5, 6);

  /** {@code uuuu-MM-dd['T'HH:mm[:ss[.fraction]]]} (a space before the time is read as a 'T'). */
  private static final DateTimeFormatter DASHED =
      strict(
          date('-')
              .optionalStart()
              .appendLiteral('T')
              .append(hoursAndMinutes())
              .optionalStart()
              .appendLiteral(':')
              .appendValue(SECOND_OF_MINUTE, 2)
              .optionalStart()
              .appendFraction(NANO_OF_SECOND, 1, 9, true)
              .optionalEnd()
              .optionalEnd()
              .optionalEnd());

  /** {@code uuuu/MM/dd[ HH:mm:ss]}. */
  private static final DateTimeFormatter SLASHED =
      strict(
          date('/')
              .optionalStart()
              .appendLiteral(' ')
              .append(hoursAndMinutes())
              .appendLiteral(':')
              .appendValue(SECOND_OF_MINUTE, 2)
              .optionalEnd());

  private Dates() {}

  /** The normalised date, or null when {@code raw} is not an accepted, valid date. */
  static @Nullable String normalize(String raw) {
    String s = raw.trim();
    if (s.length() < 10) {
      return null;
    }
    boolean slashed = s.charAt(4) == '/';
    if (!slashed && s.length() > 10 && s.charAt(10) == ' ') {
      s = s.substring(0, 10) + 'T' + s.substring(11);
    }
    try {
      ParsePosition end = new ParsePosition(0);
      TemporalAccessor parsed = (slashed ? SLASHED : DASHED).parse(s, end);
      LocalTime time = parsed.query(TemporalQueries.localTime());
      String zone = s.substring(end.getIndex());
      if (!zone.isEmpty() && (slashed || time == null || !OFFSET_LENGTHS.contains(zone.length()))) {
        return null;
      }
      return OffsetDateTime.of(
              LocalDate.from(parsed),
              time == null ? LocalTime.MIDNIGHT : time,
              zone.isEmpty() ? SERVICE_OFFSET : ZoneOffset.of(zone))
          .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static DateTimeFormatterBuilder date(char separator) {
    return new DateTimeFormatterBuilder()
        .appendValue(YEAR, 4, 4, SignStyle.NOT_NEGATIVE)
        .appendLiteral(separator)
        .appendValue(MONTH_OF_YEAR, 2)
        .appendLiteral(separator)
        .appendValue(DAY_OF_MONTH, 2);
  }

  private static DateTimeFormatter hoursAndMinutes() {
    return new DateTimeFormatterBuilder()
        .appendValue(HOUR_OF_DAY, 2)
        .appendLiteral(':')
        .appendValue(MINUTE_OF_HOUR, 2)
        .toFormatter();
  }

  private static DateTimeFormatter strict(DateTimeFormatterBuilder builder) {
    return builder.toFormatter().withResolverStyle(ResolverStyle.STRICT);
  }
}
