package dev.dsh.serve;

/**
 * A {@link DshServer} could not start: the address, the token, the TLS keystore or the access log
 * cannot be used. The message names which and what to do, never a token or a password.
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
