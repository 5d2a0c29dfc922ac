package dev.dsh.yuanbao;

/** Writes the request body: exactly {@code {"Query":<query>,"Cnt":<n>}}. */
final class JsonText {

  private JsonText() {}

  static String requestBody(String query, int cnt) {
    StringBuilder out = new StringBuilder(query.length() + 24);
    out.append("{\"Query\":");
    quote(query, out);
    return out.append(",\"Cnt\":").append(cnt).append('}').toString();
  }

  /** A JSON string literal; control characters and unpaired surrogates are escaped. */
  static void quote(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20 || unpairedSurrogate(s, i)) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  private static boolean unpairedSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
    }
    return false;
  }
}
