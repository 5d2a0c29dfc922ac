package dev.dsh.yuanbao;

import java.util.List;
import org.jsoup.Jsoup;
import org.jspecify.annotations.Nullable;

/**
 * Turns a title or snippet into plain text: {@code Jsoup.parse(s).text()} without the C0 and C1
 * control characters left (a terminal escape such as {@code ESC[2J} the endpoint sent).
 *
 * <p>One fast path skips jsoup for text whose only markup is what SearchPro sends: {@code <em>}
 * highlights and the entities {@code &amp; &lt; &gt; &quot; &#39;}, and no NUL or U+FFFF (jsoup's
 * end-of-input marker). jsoup's text of it is the text with the highlights dropped and the entities
 * decoded, then normalised as jsoup normalises a text node. {@code TextCleanerTest} holds it to
 * jsoup on random text.
 */
final class TextCleaner {

  /** The markup SearchPro sends, and the text each piece stands for. */
  private static final List<String> MARKUP =
      List.of("<em>", "</em>", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;");

  private static final List<String> TEXT = List.of("", "", "&", "<", ">", "\"", "'");

  private TextCleaner() {}

  static String clean(String s) {
    if (isClean(s)) {
      return s;
    }
    String text = withSearchProMarkupOnly(s);
    return text != null ? text
        : Jsoup.parse(s).text().replaceAll("[\\x00-\\x1F\\x7F-\\x9F]", "").trim();
  }

  /**
   * True when every step below leaves {@code s} as it is (most passages): no markup, control
   * character, U+FFFF, edge or repeated space, or other white space or character to remove.
   */
  private static boolean isClean(String s) {
    boolean space = true; // at the start, a space is an edge space
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      // Most characters are letters above U+00AD: one comparison, then the two to remove.
      if (c > '\u00AD' ? c == '\u200B' || c == '\uFFFF'
          : c <= ' ' ? c < ' ' || space
          : c >= 0x7F && c <= 0xA0 || c == '<' || c == '&' || c == '\u00AD') {
        return false;
      }
      space = c == ' ';
    }
    return !space;
  }

  /**
   * jsoup's text of {@code s} without control characters, or null when {@code s} holds other
   * markup, NUL or U+FFFF. Highlights are dropped and entities decoded; then, as jsoup normalises a
   * text node, runs of space, tab, line feed, form feed, carriage return and no-break space become
   * one space, U+200B and U+00AD go, the ends are trimmed. Control characters go after that: one
   * between two spaces leaves both, as it does after jsoup.
   */
  private static @Nullable String withSearchProMarkupOnly(String s) {
    // Chars, not a StringBuilder: one that starts Latin-1 is copied again at its first Han one.
    char[] out = new char[s.length()];
    int n = 0;
    boolean pendingSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\0' || c == '\uFFFF') {
        return null;
      }
      if (c == '<' || c == '&') {
        int piece = markupAt(s, i);
        if (piece < 0) {
          return null;
        }
        i += MARKUP.get(piece).length() - 1;
        if (TEXT.get(piece).isEmpty()) {
          continue; // a highlight tag
        }
        c = TEXT.get(piece).charAt(0);
      }
      if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00A0') {
        pendingSpace = n > 0;
      } else if (c != '\u200B' && c != '\u00AD') {
        if (pendingSpace) {
          out[n++] = ' ';
          pendingSpace = false;
        }
        if (c >= 0x20 && (c < 0x7F || c > 0x9F)) { // not a control character
          out[n++] = c;
        }
      }
    }
    return new String(out, 0, n).trim();
  }

  private static int markupAt(String s, int at) {
    for (int i = 0; i < MARKUP.size(); i++) {
      if (s.startsWith(MARKUP.get(i), at)) {
        return i;
      }
    }
    return -1;
  }
}
