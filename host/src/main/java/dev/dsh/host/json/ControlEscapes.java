package dev.dsh.host.json;

/**
 * The one escape of control characters for text leaving dsh, so echoed input cannot move the
 * cursor, retitle the window or reorder text; as a JSON string escape, a JSON text keeps its value.
 */
public final class ControlEscapes {

  private ControlEscapes() {}

  /** {@code text} with every control character escaped. */
  public static String escape(CharSequence text) {
    return escape(text, "");
  }

  /** {@code text} with every control character but those in {@code kept} escaped. */
  public static String escape(CharSequence text, String kept) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean escape = isControl(c) && kept.indexOf(c) < 0;
      if (escape && out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (escape) {
        out.append(String.format("\\u%04x", (int) c));
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? text.toString() : out.toString();
  }

  /** Whether {@link #escape} escapes {@code c}: C0, DEL, C1, line separators, bidi controls. */
  public static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029'
        || c == '\u200E' || c == '\u200F' || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069');
  }
}
