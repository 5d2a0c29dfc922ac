package dev.dsh.serve.internal.api;

/**
 * A request the API refuses with {@code 400}: its message names the JSON field (as a pointer such
 * as {@code /timeoutMs}) and what it must be, and never holds a control character.
 */
public final class BadRequest extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** {@code field}'s problem: {@code "/field: why"}; {@code field} empty for the whole body. */
  public BadRequest(String field, String why) {
    super(ApiReplies.printable(field.isEmpty() ? why : field + ": " + why), null, false, false);
  }
}
