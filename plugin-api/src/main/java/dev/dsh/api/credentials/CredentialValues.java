package dev.dsh.api.credentials;

import java.util.Optional;

/**
 * What a credential value may hold, for stores and providers alike: visible ASCII ({@code !} to
 * {@code ~}), as it goes in an HTTP header. A reason never quotes the value, only a position.
 */
public final class CredentialValues {

  /** The JSON Schema {@code format} of a field holding a credential ({@link #fieldProblem}). */
  public static final String FORMAT = "credential";

  private static final String EMPTY = "it is empty";

  private CredentialValues() {}

  /** Why {@code value} cannot be sent, such as {@code "it holds a space (character 5)"}. */
  public static Optional<String> problem(String value) {
    if (value.isEmpty()) {
      return Optional.of(EMPTY);
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c < 0x21 || c > 0x7E) {
        String what = c == ' ' ? "a space" : c == '\t' ? "a tab"
            : c == '\n' || c == '\r' ? "a line break"
            : c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) ? "a control character"
            : "a non-ASCII character";
        return Optional.of(
            "it holds " + what + " (character " + (value.codePointCount(0, i) + 1) + ")");
      }
    }
    return Optional.empty();
  }

  /** Why a {@link #FORMAT} field cannot hold {@code value}; a blank one is no value. */
  public static Optional<String> fieldProblem(String value) {
    return value.isBlank() ? Optional.empty() : problem(value);
  }

  /** {@code problem} for an error message: with the rule it breaks, or for no value the fix. */
  public static String explain(String problem) {
    if (problem.equals(EMPTY)) {
      return problem + "; give the key itself, or unset the credential to remove it";
    }
    return problem
        + "; a credential is sent in an HTTP header, which carries visible ASCII characters only"
        + " (no spaces, tabs, line breaks or non-ASCII characters)";
  }
}
