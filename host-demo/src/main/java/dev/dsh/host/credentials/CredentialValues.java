package dev.dsh.host.credentials;

/**
 * The rule for a storable credential value: trimmed, not empty, and only characters an HTTP header
 * value can carry (horizontal tab, visible ASCII, space, and the obs-text bytes 0x80–0xFF — the set
 * the JDK {@code HttpClient} accepts), so no line break.
 *
 * <p>Messages give the position of an offending character, never the value.
 */
final class CredentialValues {

  private CredentialValues() {}

  /**
   * @return {@code value} trimmed
   * @throws IllegalArgumentException when the trimmed value is empty or holds a character an HTTP
   *     header cannot carry
   */
  static String clean(String value) {
    String trimmed = value.trim();
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException("a credential value must not be empty");
    }
    for (int i = 0; i < trimmed.length(); i++) {
      char c = trimmed.charAt(i);
      if (c == '\n' || c == '\r') {
        throw new IllegalArgumentException(
            "a credential value must not contain a line break (found one at position " + (i + 1) + ")");
      }
      if (!headerSafe(c)) {
        throw new IllegalArgumentException(
            "a credential value holds a character that cannot go into an HTTP header (position "
                + (i + 1)
                + ")");
      }
    }
    return trimmed;
  }

  private static boolean headerSafe(char c) {
    return c == '\t' || (c >= 0x20 && c <= 0x7E) || (c >= 0x80 && c <= 0xFF);
  }
}
