package dev.dsh.api.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * How recent a search's pages must be: a {@code period} ({@code day}, {@code week}, {@code month},
 * {@code year}), or a range {@code from..to} of ISO dates, both included.
 */
public record Freshness(@Nullable Period period, @Nullable LocalDate from, @Nullable LocalDate to) {

  /** A recent period, counted back from the time of the search. */
  public enum Period { DAY, WEEK, MONTH, YEAR }

  private static final LocalDate FIRST_DAY = LocalDate.of(0, 1, 1);
  private static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);

  /** @throws IllegalArgumentException naming {@code freshness} and what is wrong */
  public Freshness {
    if (period != null ? from != null || to != null : from == null || to == null) {
      throw new IllegalArgumentException("freshness is either a period or a range FROM..TO");
    }
    if (from != null && (outside(from) || outside(Objects.requireNonNull(to)))) {
      // SearchPro, like ISO 8601 without an agreed expansion, writes a year in four digits.
      throw new IllegalArgumentException(
          "freshness dates must lie within " + FIRST_DAY + ".." + LAST_DAY + " (four-digit years),"
              + " was " + from + ".." + to);
    }
    if (from != null && from.isAfter(Objects.requireNonNull(to))) {
      throw new IllegalArgumentException(
          "freshness range starts after it ends: " + from + ".." + to);
    }
  }

  private static boolean outside(LocalDate day) {
    return day.isBefore(FIRST_DAY) || day.isAfter(LAST_DAY);
  }

  /** Pages of the last {@code period}. */
  public static Freshness within(Period period) {
    return new Freshness(Objects.requireNonNull(period, "period"), null, null);
  }

  /** Pages published from {@code from} to {@code to}, both included. */
  public static Freshness between(LocalDate from, LocalDate to) {
    return new Freshness(null, Objects.requireNonNull(from, "from"), Objects.requireNonNull(to, "to"));
  }

  /** Reads the {@link #toString()} form, any case; IAE names {@code freshness} and the forms. */
  public static Freshness parse(String text) {
    Objects.requireNonNull(text, "freshness");
    String value = text.trim();
    int dots = value.indexOf("..");
    LocalDate from;
    LocalDate to;
    try {
      if (dots < 0) {
        return within(Period.valueOf(value.toUpperCase(Locale.ROOT)));
      }
      from = LocalDate.parse(value.substring(0, dots));
      to = LocalDate.parse(value.substring(dots + 2));
    } catch (IllegalArgumentException | DateTimeParseException e) {
      throw new IllegalArgumentException("freshness must be day, week, month, year or FROM..TO"
          + " with ISO dates (2025-01-01..2025-06-30), was \""
          + (text.length() > 100 ? text.substring(0, 100) + "…" : text) + "\"");
    }
    return between(from, to);
  }

  @Override
  public String toString() {
    return period != null ? period.name().toLowerCase(Locale.ROOT) : from + ".." + to;
  }
}
