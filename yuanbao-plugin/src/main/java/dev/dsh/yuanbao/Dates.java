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
import java.time.Instant;
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
 * <p>Accepted, checked strictly ({@code 2025-02-30} is invalid): ISO-8601 with {@code T} or a
 * space, with or without seconds, fraction or zone ({@code Z}, {@code ±HH:MM}, {@code ±HHMM},
 * {@code ±HH}), or a date alone; {@code uuuu/MM/dd[ HH:mm:ss]}; {@code uuuu年M月d日[ HH:mm[:ss]]};
 * {@code uuuu.MM.dd}; RFC 1123 ({@code Tue, 10 Jun 2025 08:00:00 GMT}); epoch seconds or
 * milliseconds as a string of 10 or 13 digits. No zone means {@code +08:00} (the service's clock); a
 * date alone means midnight. A zoned input keeps its instant and its own offset; an epoch is
 * printed at {@code +08:00}.
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

  /** {@code uuuu.MM.dd}. */
  private static final DateTimeFormatter DOTTED = strict(date('.'));

  /** {@code uuuu年M月d日[[ ]HH:mm[:ss]]}. */
  private static final DateTimeFormatter CHINESE =
      strict(
          new DateTimeFormatterBuilder()
              .appendValue(YEAR, 4, 4, SignStyle.NOT_NEGATIVE)
              .appendLiteral('年')
              .appendValue(MONTH_OF_YEAR, 1, 2, SignStyle.NOT_NEGATIVE)
              .appendLiteral('月')
              .appendValue(DAY_OF_MONTH, 1, 2, SignStyle.NOT_NEGATIVE)
              .appendLiteral('日')
              .optionalStart()
              .optionalStart()
              .appendLiteral(' ')
              .optionalEnd()
              .append(hoursAndMinutes())
              .optionalStart()
              .appendLiteral(':')
              .appendValue(SECOND_OF_MINUTE, 2)
              .optionalEnd()
              .optionalEnd());

  private static final DateTimeFormatter RFC_1123 =
      DateTimeFormatter.RFC_1123_DATE_TIME.withResolverStyle(ResolverStyle.STRICT);

  private Dates() {}

  /** The normalised date, or null when {@code raw} is not an accepted, valid date. */
  static @Nullable String normalize(String raw) {
    String s = raw.trim();
    try {
      OffsetDateTime parsed = parse(s);
      return parsed == null ? null : parsed.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static @Nullable OffsetDateTime parse(String s) {
    if ((s.length() == 10 || s.length() == 13) && s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      long n = Long.parseLong(s);
      Instant instant = s.length() == 10 ? Instant.ofEpochSecond(n) : Instant.ofEpochMilli(n);
      return instant.atOffset(SERVICE_OFFSET);
    }
    if (s.length() < 8) {
      return null;
    }
    if (Character.isLetter(s.charAt(0))) {
      return OffsetDateTime.from(RFC_1123.parse(s));
    }
    return switch (s.charAt(4)) {
      case '-' -> local(DASHED, s.length() > 10 && s.charAt(10) == ' ' ? iso(s) : s, true);
      case '/' -> local(SLASHED, s, false);
      case '.' -> local(DOTTED, s, false);
      case '年' -> local(CHINESE, s, false);
      default -> null;
    };
  }

  private static String iso(String s) {
    return s.substring(0, 10) + 'T' + s.substring(11);
  }

  /**
   * {@code s} read by {@code format} at the service's offset, or at the zone that follows a time
   * when {@code zoned}; null when anything else follows.
   */
  private static @Nullable OffsetDateTime local(DateTimeFormatter format, String s, boolean zoned) {
    ParsePosition end = new ParsePosition(0);
    TemporalAccessor parsed = format.parse(s, end);
    LocalTime time = parsed.query(TemporalQueries.localTime());
    String zone = s.substring(end.getIndex());
    if (!zone.isEmpty() && (!zoned || time == null || !OFFSET_LENGTHS.contains(zone.length()))) {
      return null;
    }
    return OffsetDateTime.of(
        LocalDate.from(parsed),
        time == null ? LocalTime.MIDNIGHT : time,
        zone.isEmpty() ? SERVICE_OFFSET : ZoneOffset.of(zone));
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
