package dev.dsh.app.cli;

/** Cuts user input echoed in a message: a 10 MB argument is named, not printed back whole. */
final class Echo {

  static final int MAX_CHARS = 80;

  private Echo() {}

  static String cut(String text) {
    return cut(text, MAX_CHARS);
  }

  static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = max;
    if (Character.isHighSurrogate(text.charAt(end - 1))) {
      end--; // never split a character in two
    }
    return text.substring(0, end) + "… (" + text.length() + " characters)";
  }
}
