package dev.dsh.serve;

/** A {@link DshServer} could not start: the message names what and the fix, never a secret. */
public final class ServeException extends RuntimeException {

  /** A start-up failure told by {@code message}. */
  public ServeException(String message) {
    super(message);
  }

  /** A start-up failure told by {@code message}, caused by {@code cause}. */
  public ServeException(String message, Throwable cause) {
    super(message, cause);
  }
}
