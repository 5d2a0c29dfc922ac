package dev.dsh.yuanbao;

import org.jsoup.Jsoup;

/**
 * Turns a title or snippet into plain text exactly as {@code Jsoup.parse(s).text()} does.
 *
 * <p>Strings without markup ({@code <}), entities ({@code &}), NUL or U+FFFF (jsoup's end-of-input
 * sentinel: where it opens a token, jsoup stops reading) skip the HTML parser: for them jsoup's
 * result is the text with runs of space, tab, line feed, form feed, carriage return and no-break
 * space collapsed to one space, U+200B and U+00AD removed, and {@link String#trim()} applied. A
 * property test holds the two paths equal.
 */
final class TextCleaner {

  private TextCleaner() {}

  static String clean(String s) {
    return needsParser(s) ? Jsoup.parse(s).text() : plain(s);
  }

  static boolean needsParser(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '<' || c == '&' || c == '\0' || c == '\uFFFF') {
        return true;
      }
    }
    return false;
  }

  /** The fast path: jsoup's whitespace normalisation of a text node, then trimmed. */
  static String plain(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean lastWasWhite = false;
    boolean reachedNonWhite = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00A0') {
        if (!reachedNonWhite || lastWasWhite) {
          continue;
        }
        out.append(' ');
        lastWasWhite = true;
      } else if (c != '\u200B' && c != '\u00AD') {
        out.append(c);
        lastWasWhite = false;
        reachedNonWhite = true;
      }
    }
    return out.toString().trim();
  }
}
