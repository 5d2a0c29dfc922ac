package dev.dsh.yuanbao;

import org.jsoup.Jsoup;

/**
 * Turns a title or snippet into plain text: {@code Jsoup.parse(s).text()}, then any C0 or C1
 * control character left (a terminal escape such as {@code ESC[2J} the endpoint sent) removed.
 *
 * <p>One fast path: a string without {@code <}, {@code &}, NUL or U+FFFF (jsoup's end-of-input
 * marker) has no markup, and for it jsoup's text is the string with runs of space, tab, line feed,
 * form feed, carriage return and no-break space collapsed to one space, U+200B and U+00AD removed,
 * and {@link String#trim()} applied. {@code TextCleanerTest} holds it to jsoup.
 */
final class TextCleaner {

  private TextCleaner() {}

  static String clean(String s) {
    return withoutControls(hasMarkup(s) ? Jsoup.parse(s).text() : normalized(s));
  }

  private static boolean hasMarkup(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '<' || c == '&' || c == '\0' || c == '\uFFFF') {
        return true;
      }
    }
    return false;
  }

  /** jsoup's whitespace normalisation of a text node, then trimmed. */
  private static String normalized(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean pendingSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00A0') {
        pendingSpace = out.length() > 0;
      } else if (c != '\u200B' && c != '\u00AD') {
        if (pendingSpace) {
          out.append(' ');
          pendingSpace = false;
        }
        out.append(c);
      }
    }
    return out.toString().trim();
  }

  /** {@code s} without C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F) control characters. */
  private static String withoutControls(String s) {
    int i = 0;
    while (i < s.length() && !isControl(s.charAt(i))) {
      i++;
    }
    if (i == s.length()) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length()).append(s, 0, i);
    for (; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!isControl(c)) {
        out.append(c);
      }
    }
    return out.toString().trim();
  }

  private static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F);
  }
}
