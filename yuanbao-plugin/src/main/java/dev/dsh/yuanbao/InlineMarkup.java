package dev.dsh.yuanbao;

import org.jspecify.annotations.Nullable;

/**
 * Decodes the markup search highlights use — {@code <em>}, {@code <b>}, {@code <strong>} and
 * their end tags, written exactly so, and the entities {@code &amp;}, {@code &lt;}, {@code &gt;},
 * {@code &quot;}, {@code &nbsp;} and {@code &#NNN;}/{@code &#xHHH;} — into the text jsoup gives:
 * the tags leave nothing (they are inline), each entity becomes its character, and the result is
 * normalised as {@link PlainText} does.
 *
 * <p>Anything else (another tag, an attribute, a comment, a bare {@code <} or {@code &}, an
 * entity jsoup would map or replace) gives null, and the caller asks jsoup: this is a fast path,
 * never a second HTML parser. A property test holds it equal to jsoup.
 */
final class InlineMarkup {

  private static final String[] TAGS = {
    "<em>", "</em>", "<b>", "</b>", "<strong>", "</strong>"
  };
  private static final String[] ENTITIES = {"&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;"};
  private static final char[] ENTITY_CHARS = {'&', '<', '>', '"', '\u00A0'};

  private InlineMarkup() {}

  /** The cleaned text of {@code s}, or null if unsure. */
  static @Nullable String decode(String s) {
    PlainText out = new PlainText(s.length());
    int i = 0;
    int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == '<') {
        int skip = tagLength(s, i);
        if (skip == 0) {
          return null;
        }
        i += skip;
      } else if (c == '&') {
        int next = entity(s, i, out);
        if (next < 0) {
          return null;
        }
        i = next;
      } else if (c == '\0' || c == '\uFFFF') {
        // NUL and jsoup's end-of-input sentinel: only jsoup knows what it makes of them.
        return null;
      } else {
        out.add(c);
        i++;
      }
    }
    return out.result();
  }

  private static int tagLength(String s, int at) {
    for (String tag : TAGS) {
      if (s.startsWith(tag, at)) {
        return tag.length();
      }
    }
    return 0;
  }

  /** Appends the entity at {@code at} and returns the index after it, or -1 if unsure. */
  private static int entity(String s, int at, PlainText out) {
    for (int k = 0; k < ENTITIES.length; k++) {
      if (s.startsWith(ENTITIES[k], at)) {
        out.add(ENTITY_CHARS[k]);
        return at + ENTITIES[k].length();
      }
    }
    int i = at + 1;
    int n = s.length();
    if (i >= n || s.charAt(i) != '#') {
      return -1;
    }
    i++;
    int radix = 10;
    if (i < n && (s.charAt(i) == 'x' || s.charAt(i) == 'X')) {
      radix = 16;
      i++;
    }
    int start = i;
    int value = 0;
    while (i < n && i - start < 7 && Character.digit(s.charAt(i), radix) >= 0 && s.charAt(i) < 0x80) {
      value = value * radix + Character.digit(s.charAt(i), radix);
      i++;
    }
    if (i == start || i >= n || s.charAt(i) != ';' || !plainCodePoint(value)) {
      return -1;
    }
    out.addCodePoint(value);
    return i + 1;
  }

  /**
   * A code point jsoup keeps as it is: no control, C1 (mapped from windows-1252), surrogate, or
   * U+FFFE/U+FFFF (left to jsoup, whose input sentinel is U+FFFF).
   */
  private static boolean plainCodePoint(int c) {
    return (c >= 0x20 && c < 0x7F)
        || (c >= 0xA0 && c < 0xD800)
        || (c >= 0xE000 && c <= 0x10FFFF && c != 0xFFFE && c != 0xFFFF);
  }
}
