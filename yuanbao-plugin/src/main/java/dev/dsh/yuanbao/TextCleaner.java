package dev.dsh.yuanbao;

import java.util.List;
import org.jsoup.Jsoup;
import org.jspecify.annotations.Nullable;

/**
 * Turns a title or snippet into plain text: {@code Jsoup.parse(s).text()} without C0 and C1 control
 * characters (a terminal escape the endpoint sent). Text whose only markup is what SearchPro sends
 * skips jsoup (CPU); {@code TextCleanerTest} holds that path to jsoup on random text.
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

  /** True when every step below leaves {@code s} as it is (most passages). */
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
   * jsoup's text of {@code s}, or null when {@code s} holds other markup, NUL or U+FFFF (jsoup's
   * end of input). White space is normalised as jsoup normalises a text node; control characters
   * go after that, so one between two spaces leaves both, as after jsoup.
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
