package dev.dsh.yuanbao;

import org.jsoup.Jsoup;

/**
 * Turns a title or snippet into plain text exactly as {@code Jsoup.parse(s).text()} does.
 *
 * <p>Strings without markup ({@code <}), entities ({@code &}), NUL or U+FFFF (jsoup's end-of-input
 * sentinel: where it opens a token, jsoup stops reading) skip the HTML parser: for them jsoup's
 * result is the text with runs of space, tab, line feed, form feed, carriage return and no-break
 * space collapsed to one space, U+200B and U+00AD removed, and {@link String#trim()} applied.
 * Strings whose only markup is an inline highlight tag or a common entity (and no U+FFFF) are
 * decoded by {@link InlineMarkup} and then normalised the same way. Property tests hold every path
 * equal to jsoup.
 */
final class TextCleaner {

  private TextCleaner() {}

  static String clean(String s) {
    switch (kind(s)) {
      case CLEAN:
        return s;
      case PLAIN:
        return plain(s);
      default:
        break;
    }
    // Highlights and the common entities need no HTML parser; anything else does.
    String inline = InlineMarkup.decode(s);
    return inline != null ? inline : Jsoup.parse(s).text();
  }

  private static final int CLEAN = 0;
  private static final int PLAIN = 1;
  private static final int MARKUP = 2;

  /**
   * One pass over {@code s}: {@code MARKUP} when it needs an HTML parser, {@code CLEAN} when the
   * plain path would return it unchanged (no edge or repeated whitespace, no whitespace but a
   * single space, nothing removed), else {@code PLAIN}. Most titles and snippets are {@code CLEAN}
   * and cost no copy.
   */
  private static int kind(String s) {
    int n = s.length();
    int kind = n == 0 ? PLAIN : CLEAN;
    char previous = ' ';
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c <= ' ') {
        if (c == '\0') {
          return MARKUP;
        }
        if (c != ' ' || previous == ' ') {
          kind = PLAIN;
        }
      } else if (c == '<' || c == '&' || c == '\uFFFF') {
        return MARKUP;
      } else if (c == '\u00A0' || c == '\u200B' || c == '\u00AD') {
        kind = PLAIN;
      }
      previous = c;
    }
    return previous == ' ' ? PLAIN : kind;
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
    return PlainText.of(s);
  }
}
