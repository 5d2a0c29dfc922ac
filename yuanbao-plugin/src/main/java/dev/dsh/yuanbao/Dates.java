package dev.dsh.yuanbao;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.Year;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.jspecify.annotations.Nullable;

/**
 * Normalises the dates SearchPro sends to {@link DateTimeFormatter#ISO_OFFSET_DATE_TIME}.
 *
 * <p>Accepted, two-digit fields only and checked strictly ({@code 2025-02-30} is invalid):
 * ISO-8601 with {@code T} or a space, with or without seconds, fraction or zone ({@code Z},
 * {@code ±HH:MM}, {@code ±HHMM}, {@code ±HH}), or a date alone; {@code uuuu/MM/dd HH:mm:ss} and
 * {@code uuuu/MM/dd}. No zone means {@code +08:00} (the service's clock); a date alone means
 * midnight. A zoned input keeps its instant and its own offset.
 *
 * <p>Parsed by hand, one pass over the characters: this runs for every page of every answer.
 */
final class Dates {

  static final ZoneOffset SERVICE_OFFSET = ZoneOffset.ofHours(8);

  private Dates() {}

  /** The normalised date, or null when {@code raw} is not an accepted, valid date. */
  static @Nullable String normalize(String raw) {
    String s = raw.trim();
    try {
      return parse(s);
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static @Nullable String parse(String s) {
    int len = s.length();
    if (len < 10) {
      return null;
    }
    char sep = s.charAt(4);
    if ((sep != '-' && sep != '/') || s.charAt(7) != sep) {
      return null;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    if (year < 0 || month < 0 || day < 0) {
      return null;
    }
    if (len == 10) {
      return format(year, month, day, 0, 0, 0, 0, SERVICE_OFFSET);
    }
    char t = s.charAt(10);
    if (sep == '/') {
      if (len != 19 || t != ' ' || s.charAt(13) != ':' || s.charAt(16) != ':') {
        return null;
      }
      int hour = digits(s, 11, 2);
      int minute = digits(s, 14, 2);
      int second = digits(s, 17, 2);
      if (hour < 0 || minute < 0 || second < 0) {
        return null;
      }
      return format(year, month, day, hour, minute, second, 0, SERVICE_OFFSET);
    }
    if ((t != 'T' && t != ' ') || len < 16 || s.charAt(13) != ':') {
      return null;
    }
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    if (hour < 0 || minute < 0) {
      return null;
    }
    int pos = 16;
    int second = 0;
    int nanos = 0;
    if (pos < len && s.charAt(pos) == ':') {
      second = digits(s, pos + 1, 2);
      if (second < 0) {
        return null;
      }
      pos += 3;
      if (pos < len && s.charAt(pos) == '.') {
        int start = ++pos;
        while (pos < len && pos - start < 10 && isDigit(s.charAt(pos))) {
          pos++;
        }
        int count = pos - start;
        if (count < 1 || count > 9) {
          return null;
        }
        nanos = digits(s, start, count);
        for (int i = count; i < 9; i++) {
          nanos *= 10;
        }
      }
    }
    ZoneOffset offset = SERVICE_OFFSET;
    if (pos < len) {
      offset = offset(s, pos);
      if (offset == null) {
        return null;
      }
    }
    return format(year, month, day, hour, minute, second, nanos, offset);
  }

  /** {@code Z}, {@code ±HH}, {@code ±HHMM} or {@code ±HH:MM} filling the rest of {@code s}. */
  private static @Nullable ZoneOffset offset(String s, int pos) {
    int rest = s.length() - pos;
    char sign = s.charAt(pos);
    if (sign == 'Z') {
      return rest == 1 ? ZoneOffset.UTC : null;
    }
    if (sign != '+' && sign != '-') {
      return null;
    }
    int hours = digits(s, pos + 1, 2);
    int minutes;
    if (rest == 3) {
      minutes = 0;
    } else if (rest == 5) {
      minutes = digits(s, pos + 3, 2);
    } else if (rest == 6 && s.charAt(pos + 3) == ':') {
      minutes = digits(s, pos + 4, 2);
    } else {
      return null;
    }
    if (hours < 0 || minutes < 0) {
      return null;
    }
    return sign == '+'
        ? ZoneOffset.ofHoursMinutes(hours, minutes)
        : ZoneOffset.ofHoursMinutes(-hours, -minutes);
  }

  /**
   * What {@code OffsetDateTime.of(LocalDateTime.of(...), offset)} formatted with {@link
   * DateTimeFormatter#ISO_OFFSET_DATE_TIME} gives, written by hand (this runs for every page):
   * {@code uuuu-MM-ddTHH:mm:ss}, the fraction without trailing zeros when there is one, then the
   * offset's id ({@code Z} for zero). The fields are checked as {@link LocalDateTime#of} checks
   * them; the year has four digits here.
   *
   * @throws DateTimeException for a field out of range or a day the month does not have
   */
  private static String format(
      int year, int month, int day, int hour, int minute, int second, int nanos, ZoneOffset offset) {
    if (month < 1
        || month > 12
        || day < 1
        || day > Month.of(month).length(Year.isLeap(year))
        || hour > 23
        || minute > 59
        || second > 59) {
      throw new DateTimeException("field out of range");
    }
    StringBuilder out = new StringBuilder(35);
    pad(out, year, 4).append('-');
    pad(out, month, 2).append('-');
    pad(out, day, 2).append('T');
    pad(out, hour, 2).append(':');
    pad(out, minute, 2).append(':');
    pad(out, second, 2);
    if (nanos > 0) {
      int digits = 9;
      int value = nanos;
      while (value % 10 == 0) {
        value /= 10;
        digits--;
      }
      out.append('.');
      pad(out, value, digits);
    }
    return out.append(offset.getId()).toString();
  }

  private static StringBuilder pad(StringBuilder out, int value, int width) {
    for (int unit = pow10(width - 1); unit > 0; unit /= 10) {
      out.append((char) ('0' + (value / unit) % 10));
    }
    return out;
  }

  private static int pow10(int n) {
    int p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  /** The value of {@code count} ASCII digits at {@code from}, or -1 when any is not a digit. */
  private static int digits(String s, int from, int count) {
    if (from + count > s.length()) {
      return -1;
    }
    int value = 0;
    for (int i = from; i < from + count; i++) {
      char c = s.charAt(i);
      if (!isDigit(c)) {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
