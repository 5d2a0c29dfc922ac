package dev.dsh.yuanbao;

import static java.time.temporal.ChronoField.DAY_OF_MONTH;
import static java.time.temporal.ChronoField.MONTH_OF_YEAR;
import static java.time.temporal.ChronoField.NANO_OF_SECOND;

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
 * Normalises the dates SearchPro sends to {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME}, checked
 * strictly, in the forms docs/yuanbao.md lists; no zone means {@code +08:00}, the service's clock.
 */
final class Dates {

  static final ZoneOffset SERVICE_OFFSET = ZoneOffset.ofHours(8);

  // The zone forms after a time, by length (Z ±HH ±HHMM ±HH:MM); ZoneOffset checks them.
  private static final Set<Integer> OFFSET_LENGTHS = Set.of(1, 3, 5, 6);

  /** {@code uuuu-MM-dd['T'HH:mm[:ss[.fraction]]]} (a space before the time is read as a 'T'). */
  private static final DateTimeFormatter DASHED = strict(new DateTimeFormatterBuilder()
      .appendPattern("uuuu-MM-dd['T'HH:mm[:ss[").appendFraction(NANO_OF_SECOND, 1, 9, true)
      .appendPattern("]]]"));
  private static final DateTimeFormatter SLASHED =
      strict(new DateTimeFormatterBuilder().appendPattern("uuuu/MM/dd[ HH:mm:ss]"));
  private static final DateTimeFormatter DOTTED =
      strict(new DateTimeFormatterBuilder().appendPattern("uuuu.MM.dd"));
  /** {@code uuuu年M月d日[[ ]HH:mm[:ss]]}, month and day of one or two digits. */
  private static final DateTimeFormatter CHINESE = strict(new DateTimeFormatterBuilder()
      .appendPattern("uuuu年").appendValue(MONTH_OF_YEAR, 1, 2, SignStyle.NOT_NEGATIVE)
      .appendLiteral('月').appendValue(DAY_OF_MONTH, 1, 2, SignStyle.NOT_NEGATIVE)
      .appendPattern("日[[ ]HH:mm[:ss]]"));

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
      case '-' -> local(DASHED,
          s.length() > 10 && s.charAt(10) == ' ' ? s.substring(0, 10) + 'T' + s.substring(11) : s, true);
      case '/' -> local(SLASHED, s, false);
      case '.' -> local(DOTTED, s, false);
      case '年' -> local(CHINESE, s, false);
      default -> null;
    };
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
    return OffsetDateTime.of(LocalDate.from(parsed), time == null ? LocalTime.MIDNIGHT : time,
        zone.isEmpty() ? SERVICE_OFFSET : ZoneOffset.of(zone));
  }

  private static DateTimeFormatter strict(DateTimeFormatterBuilder builder) {
    return builder.toFormatter().withResolverStyle(ResolverStyle.STRICT);
  }
}
