package dev.dsh.yuanbao;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
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
      return format(LocalDateTime.of(year, month, day, 0, 0), SERVICE_OFFSET);
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
      return format(LocalDateTime.of(year, month, day, hour, minute, second), SERVICE_OFFSET);
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
    return format(LocalDateTime.of(year, month, day, hour, minute, second, nanos), offset);
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

  private static String format(LocalDateTime time, ZoneOffset offset) {
    return OffsetDateTime.of(time, offset).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
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
