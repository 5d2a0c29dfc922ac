package dev.dsh.serve;

/**
 * A {@link DshServer} could not start: the address cannot be bound, the token or the TLS keystore
 * cannot be used, the access log cannot be written. The message names the address or file and
 * says what to do; it never holds a token or a password.
 */
public final class ServeException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** A start-up failure told by {@code message}. */
  public ServeException(String message) {
    super(message);
  }

  /** A start-up failure told by {@code message}, caused by {@code cause}. */
  public ServeException(String message, Throwable cause) {
    super(message, cause);
  }
}
