package dev.dsh.app.cli;

/**
 * Cuts user input before it is echoed in a message, so a 10 MB argument or input line is named,
 * not printed back whole.
 */
final class Echo {

  /** The most characters of one input value a message shows. */
  static final int MAX_CHARS = 80;

  private Echo() {}

  /** {@code text} itself when short, else its first {@link #MAX_CHARS} characters and its length. */
  static String cut(String text) {
    return cut(text, MAX_CHARS);
  }

  /** {@code text} itself when at most {@code max} characters, else its start and its length. */
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
