package dev.dsh.yuanbao;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The first, regex-based date parser, kept as the oracle of {@code DatesTest}'s property check.
 *
 * <p>Normalises the dates SearchPro sends to {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME}.
 *
 * <p>Accepted, two-digit fields only and checked strictly ({@code 2025-02-30} is invalid):
 * ISO-8601 with {@code T} or a space, with or without seconds, fraction or zone ({@code Z},
 * {@code ±HH:MM}, {@code ±HHMM}, {@code ±HH}), or a date alone; {@code uuuu/MM/dd HH:mm:ss} and
 * {@code uuuu/MM/dd}; {@code uuuu.MM.dd}; {@code uuuu年M月d日[ HH:mm[:ss]]}; epoch seconds or
 * milliseconds as 10 or 13 digits (printed at +08:00). RFC 1123 has no regex here. No zone means {@code +08:00} (the service's clock); a date alone means
 * midnight. A zoned input keeps its instant and its own offset.
 */
final class RegexDates {

  static final ZoneOffset SERVICE_OFFSET = ZoneOffset.ofHours(8);

  private static final Pattern ISO =
      Pattern.compile(
          "(\\d{4})-(\\d{2})-(\\d{2})"
              + "(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?"
              + "(Z|[+-]\\d{2}(?::?\\d{2})?)?)?");
  private static final Pattern SLASHED =
      Pattern.compile("(\\d{4})/(\\d{2})/(\\d{2})(?: (\\d{2}):(\\d{2}):(\\d{2}))?");
  private static final Pattern DOTTED = Pattern.compile("(\\d{4})\\.(\\d{2})\\.(\\d{2})");
  private static final Pattern CHINESE =
      Pattern.compile("(\\d{4})年(\\d{1,2})月(\\d{1,2})日(?: ?(\\d{2}):(\\d{2})(?::(\\d{2}))?)?");
  private static final Pattern EPOCH = Pattern.compile("\\d{10}|\\d{13}");

  private RegexDates() {}

  /** The normalised date, or null when {@code raw} is not an accepted, valid date. */
  static @Nullable String normalize(String raw) {
    String s = raw.trim();
    try {
      Matcher m = ISO.matcher(s);
      if (m.matches()) {
        return format(m, m.group(7), m.group(8));
      }
      for (Pattern local : new Pattern[] {SLASHED, DOTTED, CHINESE}) {
        m = local.matcher(s);
        if (m.matches()) {
          return format(m, null, null);
        }
      }
      if (EPOCH.matcher(s).matches()) {
        long n = Long.parseLong(s);
        java.time.Instant instant =
            s.length() == 10 ? java.time.Instant.ofEpochSecond(n) : java.time.Instant.ofEpochMilli(n);
        return instant.atOffset(SERVICE_OFFSET).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
      }
    } catch (DateTimeException | NumberFormatException e) {
      return null;
    }
    return null;
  }

  private static String format(Matcher m, @Nullable String fraction, @Nullable String zone) {
    LocalDate date = LocalDate.of(num(m.group(1)), num(m.group(2)), num(m.group(3)));
    LocalTime time = LocalTime.MIDNIGHT;
    if (m.groupCount() >= 4 && m.group(4) != null) { // DOTTED has no time groups
      int nanos = 0;
      if (fraction != null) {
        nanos = num((fraction + "00000000").substring(0, 9));
      }
      time =
          LocalTime.of(
              num(m.group(4)),
              num(m.group(5)),
              m.group(6) == null ? 0 : num(m.group(6)),
              nanos);
    }
    ZoneOffset offset = zone == null ? SERVICE_OFFSET : ZoneOffset.of(zone);
    return OffsetDateTime.of(LocalDateTime.of(date, time), offset)
        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
  }

  private static int num(String digits) {
    return Integer.parseInt(digits);
  }
}
