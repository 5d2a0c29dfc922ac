package dev.dsh.app.cli;

/**
 * How text leaves dsh for a terminal or a line protocol: every control character written as
 * {@code \}{@code u} and four hex digits, so input echoed in a message (an argument, a line of
 * {@code dsh run}) can never move the cursor, retitle the window, clear the screen or reorder the
 * text a person reads.
 *
 * <p>Escaped: C0 (U+0000–U+001F) but the layout characters a caller keeps, DEL, C1
 * (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029) and the bidirectional
 * controls (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069). The form is also a JSON string escape,
 * so a JSON answer stays the same JSON value. A backslash is left as it is: the text is for reading.
 */
final class ControlEscapes {

  /** Only line ends are layout: one answer of {@code dsh run} may span lines, nothing else. */
  static final String LINE_FEED = "\n";

  /** Stderr keeps tabs too: a {@code --verbose} stack trace is indented with them. */
  static final String LINE_FEED_AND_TAB = "\n\t";

  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private ControlEscapes() {}

  /** {@code text} with every control character but those in {@code kept} escaped. */
  static String escape(CharSequence text, String kept) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean escape = isControl(c) && kept.indexOf(c) < 0;
      if (escape && out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (out == null) {
        continue;
      }
      if (escape) {
        out.append("\\u").append(HEX[c >> 12 & 0xF]).append(HEX[c >> 8 & 0xF])
            .append(HEX[c >> 4 & 0xF]).append(HEX[c & 0xF]);
      } else {
        out.append(c);
      }
    }
    return out == null ? text.toString() : out.toString();
  }

  /** Whether {@code c} is one of the characters {@link #escape} escapes unless kept. */
  static boolean isControl(char c) {
    return c < 0x20
        || (c >= 0x7F && c <= 0x9F)
        || c == '\u2028'
        || c == '\u2029'
        || c == '\u200E'
        || c == '\u200F'
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
