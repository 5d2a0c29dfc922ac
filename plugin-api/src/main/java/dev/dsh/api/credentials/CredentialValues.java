package dev.dsh.api.credentials;

import java.util.Optional;

/**
 * The one rule for what a credential value may hold, shared by the stores and the providers, so a
 * value that can be stored can be sent: it goes as one token in an HTTP header, so only visible
 * ASCII, {@code !} to {@code ~}. API keys are issued in this alphabet; anything else is almost
 * always a copy-and-paste accident. A reason never quotes the value, only the position of the
 * first offending character.
 */
public final class CredentialValues {

  /**
   * The JSON Schema {@code format} of a config field holding a credential value (such as {@code
   * apiKey}), checked by {@link #fieldProblem}, so the schema, the console and {@code dsh
   * credentials set} refuse the same values.
   */
  public static final String FORMAT = "credential";

  /** The {@link #problem} of an empty value. */
  private static final String EMPTY = "it is empty";

  private CredentialValues() {}

  /** Whether {@code value} is not empty and holds only visible ASCII characters. */
  public static boolean sendable(String value) {
    return problem(value).isEmpty();
  }

  /**
   * Why {@code value}, exactly as it would be sent, cannot be, such as {@code "it holds a space
   * (character 5)"}; empty when it can.
   */
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

  /**
   * Why a field of format {@link #FORMAT} cannot hold {@code value}; empty when it can. A blank
   * value is no value (the field's fallback applies).
   */
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
