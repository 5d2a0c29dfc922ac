package dev.dsh.yuanbao;

import org.jsoup.Jsoup;
import org.jspecify.annotations.Nullable;

/**
 * Turns a title or snippet into plain text: {@code Jsoup.parse(s).text()}, then any C0 or C1
 * control character left (a terminal escape such as {@code ESC[2J} the endpoint sent) removed.
 *
 * <p>One fast path, for text whose only markup is what SearchPro sends ({@code <em>} highlights
 * and the entities {@code &amp; &lt; &gt; &quot; &#39;}; no NUL or U+FFFF, jsoup's end-of-input
 * marker): jsoup's text of it is the text with the highlights dropped and the entities decoded,
 * then runs of space, tab, line feed, form feed, carriage return and no-break space collapsed to
 * one space, U+200B and U+00AD removed, and {@link String#trim()} applied. Anything else goes to
 * jsoup. {@code TextCleanerTest} holds the fast path to jsoup on random text.
 */
final class TextCleaner {

  private TextCleaner() {}

  /** The markup SearchPro sends in titles and passages, and the text each piece stands for. */
  private static final String[][] HIGHLIGHTS = {
    {"<em>", ""}, {"</em>", ""}, {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""},
    {"&#39;", "'"}
  };

  static String clean(String s) {
    String plain = s;
    if (hasMarkup(s)) {
      plain = withoutHighlights(s);
      if (plain == null) {
        return withoutControls(Jsoup.parse(s).text());
      }
    }
    return withoutControls(normalized(plain));
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

  /**
   * {@code s} with {@code <em>} highlights dropped and the five entities decoded, or null when it
   * holds any other markup (or NUL, U+FFFF): jsoup then decides. For this markup jsoup's text is
   * exactly that, then normalised.
   */
  private static @Nullable String withoutHighlights(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      char c = s.charAt(i);
      if (c == '\0' || c == '\uFFFF') {
        return null;
      }
      if (c != '<' && c != '&') {
        out.append(c);
        i++;
        continue;
      }
      String[] piece = highlightAt(s, i);
      if (piece == null) {
        return null;
      }
      out.append(piece[1]);
      i += piece[0].length();
    }
    return out.toString();
  }

  private static String @Nullable [] highlightAt(String s, int at) {
    for (String[] piece : HIGHLIGHTS) {
      if (s.startsWith(piece[0], at)) {
        return piece;
      }
    }
    return null;
  }

  /** jsoup's whitespace normalisation of a text node, then trimmed; {@code s} itself if unchanged. */
  private static String normalized(String s) {
    if (isNormal(s)) {
      return s;
    }
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

  /** No edge or repeated space, no other white space, nothing to remove. */
  private static boolean isNormal(String s) {
    char previous = ' ';
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c <= ' ' && (c != ' ' || previous == ' ')) || c == '\u00A0' || c == '\u200B' || c == '\u00AD') {
        return false;
      }
      previous = c;
    }
    return previous != ' ';
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
