package dev.dsh.api.credentials;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Masks a credential value in text a service sent back: whole, in part, in any letter case. */
public final class CredentialMask {

  /** The shortest run of a value's characters that is masked. */
  public static final int RUN = 12;

  private CredentialMask() {}

  /**
   * {@code text} with every run of {@value #RUN} or more consecutive characters of {@code value}
   * (all of it when shorter), in any letter case, replaced by {@code ***}.
   */
  public static String mask(String text, String value) {
    Objects.requireNonNull(text, "text");
    if (value.isEmpty()) {
      return text;
    }
    int least = Math.min(RUN, value.length());
    StringBuilder out = null;
    int from = 0;
    for (Run run; (run = nextRun(text, value, least, from)) != null; from = run.end()) {
      out = out == null ? new StringBuilder(text.length()) : out;
      out.append(text, from, run.start()).append("***");
    }
    return out == null ? text : out.append(text, from, text.length()).toString();
  }

  /** A run of a value's characters in a text: {@code [start, end)}. */
  private record Run(int start, int end) {}

  /**
   * The earliest run at or after {@code from}, or null. A run of {@link #RUN} covers one of the
   * value's positions 11, 23, 35, …: only those are searched for (vectorised {@code indexOf}, no
   * allocation), each hit measured outwards; a hit of {@code value[a]} at {@code i} starts a run
   * no earlier than {@code i - a}, so the scan ends once that is past the earliest.
   */
  private static @Nullable Run nextRun(String text, String value, int least, int from) {
    Run first = null;
    for (int anchor = least - 1; anchor < value.length(); anchor += RUN) {
      char lower = Character.toLowerCase(value.charAt(anchor));
      char upper = Character.toUpperCase(value.charAt(anchor));
      for (char c = lower; ; c = upper) {
        for (int i = text.indexOf(c, from);
            i >= 0 && (first == null || i - anchor < first.start());
            i = text.indexOf(c, i + 1)) {
          int left = 0;
          while (left < anchor
              && i - left > from
              && same(text, i - left - 1, value, anchor - left - 1)) {
            left++;
          }
          int right = 1;
          while (anchor + right < value.length() && same(text, i + right, value, anchor + right)) {
            right++;
          }
          if (left + right >= least && (first == null || i - left < first.start())) {
            first = new Run(i - left, i + right);
          }
        }
        if (c == upper) {
          break;
        }
      }
    }
    return first;
  }

  /** True when {@code text[i]} is {@code value[j]} in any letter case; false past the end. */
  private static boolean same(String text, int i, String value, int j) {
    if (i >= text.length()) {
      return false;
    }
    char a = text.charAt(i);
    char b = value.charAt(j);
    return a == b || Character.toLowerCase(a) == Character.toLowerCase(b);
  }
}
