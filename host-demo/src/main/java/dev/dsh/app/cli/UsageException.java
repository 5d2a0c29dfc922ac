package dev.dsh.app.cli;

/** A command used wrongly in a way picocli cannot see (exit 2). */
final class UsageException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  /** The most characters of one input value a message echoes. */
  static final int ECHO_CHARS = 80;

  UsageException(String message) {
    super(message);
  }

  /** Input to echo in a message, cut: a 10 MB argument is named, not printed back whole. */
  static String echo(String text) {
    return echo(text, ECHO_CHARS);
  }

  static String echo(String text, int max) {
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
