package dev.dsh.yuanbao;

/**
 * Builds the text jsoup gives for a text node, one character at a time: runs of space, tab, line
 * feed, form feed, carriage return and no-break space become one space (none before the first
 * other character), U+200B and U+00AD are dropped, and the result is {@link String#trim()}med.
 * One exact-size string at the end, no intermediate copies.
 */
final class PlainText {

  private final char[] buffer;
  private int size;
  private boolean lastWasWhite;
  private boolean reachedNonWhite;

  /** @param capacity the most characters that will be added */
  PlainText(int capacity) {
    this.buffer = new char[capacity];
  }

  static String of(String s) {
    PlainText out = new PlainText(s.length());
    for (int i = 0; i < s.length(); i++) {
      out.add(s.charAt(i));
    }
    return out.result();
  }

  void add(char c) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00A0') {
      if (!reachedNonWhite || lastWasWhite) {
        return;
      }
      buffer[size++] = ' ';
      lastWasWhite = true;
    } else if (c != '\u200B' && c != '\u00AD') {
      buffer[size++] = c;
      lastWasWhite = false;
      reachedNonWhite = true;
    }
  }

  void addCodePoint(int codePoint) {
    if (Character.isBmpCodePoint(codePoint)) {
      add((char) codePoint);
    } else {
      add(Character.highSurrogate(codePoint));
      add(Character.lowSurrogate(codePoint));
    }
  }

  /** The text so far, trimmed as {@link String#trim()} trims. */
  String result() {
    int start = 0;
    int end = size;
    while (start < end && buffer[start] <= ' ') {
      start++;
    }
    while (end > start && buffer[end - 1] <= ' ') {
      end--;
    }
    return new String(buffer, start, end - start);
  }
}
