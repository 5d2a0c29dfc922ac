package dev.dsh.api.credentials;

import java.util.Optional;

/**
 * The one rule for what a credential value may hold, shared by the stores that accept values and
 * the providers that send them, so a value that can be stored can also be sent.
 *
 * <p>A credential is sent as a single token in an HTTP header (such as {@code Authorization:
 * Bearer <value>}), so it may hold only visible ASCII characters, {@code !} (0x21) to {@code ~}
 * (0x7E): no space, tab or line break, no control character and no character outside ASCII (a
 * header value is bytes, and a server cannot know how a non-ASCII character was encoded). API keys
 * are issued in this alphabet; a value outside it is almost always a copy-and-paste accident.
 *
 * <p>A config field that holds a credential itself (a literal API key) declares the JSON Schema
 * {@code format} {@link #FORMAT}; the host checks it by {@link #fieldProblem}, so the schema, the
 * console and {@code dsh credentials set} refuse the same values.
 *
 * <p>The reasons given never quote the value, only the position of the first offending character.
 */
public final class CredentialValues {

  /**
   * The JSON Schema {@code format} of a config field holding a credential value (such as {@code
   * apiKey}), checked by {@link #fieldProblem}.
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
   * Why {@code value} cannot be sent, such as {@code "it holds a space (character 5)"}; empty when
   * it can.
   *
   * @param value the value exactly as it would be sent (callers that trim do so first)
   */
  public static Optional<String> problem(String value) {
    if (value.isEmpty()) {
      return Optional.of(EMPTY);
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 0x21 && c <= 0x7E) {
        continue;
      }
      String at = " (character " + (value.codePointCount(0, i) + 1) + ")";
      if (c == ' ') {
        return Optional.of("it holds a space" + at);
      }
      if (c == '\t') {
        return Optional.of("it holds a tab" + at);
      }
      if (c == '\n' || c == '\r') {
        return Optional.of("it holds a line break" + at);
      }
      if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F)) {
        return Optional.of("it holds a control character" + at);
      }
      return Optional.of("it holds a non-ASCII character" + at);
    }
    return Optional.empty();
  }

  /**
   * Why a config field of format {@link #FORMAT} cannot hold {@code value}; empty when it can. A
   * blank value is no value (the field's fallback, such as a credential reference, applies), so
   * only a value with content must be {@linkplain #sendable sendable}.
   */
  public static Optional<String> fieldProblem(String value) {
    return value.isBlank() ? Optional.empty() : problem(value);
  }

  /**
   * What a person needs to know about {@code problem}, for an error message: the problem and the
   * rule it breaks, or for an empty value what to do instead (the header rule is beside the point
   * when there is no character to blame).
   */
  public static String explain(String problem) {
    if (problem.equals(EMPTY)) {
      return problem + "; give the key itself, or unset the credential to remove it";
    }
    return problem
        + "; a credential is sent in an HTTP header, which carries visible ASCII characters only"
        + " (no spaces, tabs, line breaks or non-ASCII characters)";
  }
}
