package dev.dsh.serve.internal.api;

/** A request refused with {@code 400}: the JSON field at fault (a pointer) and what it must be. */
public final class BadRequest extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** {@code field}'s problem: {@code "/field: why"}; {@code field} empty for the whole body. */
  public BadRequest(String field, String why) {
    super(field.isEmpty() ? why : field + ": " + why, null, false, false);
  }
}
