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
    String plain = withoutHighlights(s);
    return withoutControls(plain == null ? Jsoup.parse(s).text() : normalized(plain));
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

  /** {@code s} with its highlights decoded, or null when it holds other markup, NUL or U+FFFF. */
  private static @Nullable String withoutHighlights(String s) {
    StringBuilder out = null;
    int from = 0;
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
        out = (out == null ? new StringBuilder(s.length()) : out).append(s, from, i);
        out.append(TEXT.get(piece));
        from = i + MARKUP.get(piece).length();
        i = from - 1;
      }
    }
    return out == null ? s : out.append(s, from, s.length()).toString();
  }

  private static int markupAt(String s, int at) {
    for (int i = 0; i < MARKUP.size(); i++) {
      if (s.startsWith(MARKUP.get(i), at)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * jsoup's normalisation of a text node: runs of space, tab, line feed, form feed, carriage return
   * and no-break space collapsed to one space, U+200B and U+00AD removed, then trimmed.
   */
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
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean control = c < 0x20 || (c >= 0x7F && c <= 0x9F);
      if (control && out == null) {
        out = new StringBuilder(s.length()).append(s, 0, i);
      } else if (!control && out != null) {
        out.append(c);
      }
    }
    return out == null ? s : out.toString().trim();
  }
}
