package dev.dsh.host.model;

/**
 * A profile could not be composed or applied; the message is for the user, one problem a line,
 * naming the file, layer, row or bundle at fault, never a config value.
 */
public class ProfileException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ProfileException(String message) {
    super(message);
  }

  public ProfileException(String message, Throwable cause) {
    super(message, cause);
  }

  /** Valid YAML of the wrong shape; {@code entry} is the 1-based entry at fault, 0 the file. */
  public static ProfileException malformed(String file, int entry, String detail) {
    return new ProfileException(file + (entry > 0 ? ": entry " + entry : "") + ": " + detail);
  }
}
