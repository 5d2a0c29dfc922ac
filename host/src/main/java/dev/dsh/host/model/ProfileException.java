package dev.dsh.host.model;

/**
 * A profile could not be composed. The message is meant for the user as is: it names the file,
 * layer, row or bundle at fault and never carries config values.
 *
 * <p>No code tells one fault from another, so there is one type: the message is all a caller
 * gets.
 */
public class ProfileException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ProfileException(String message) {
    super(message);
  }

  public ProfileException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * A file that is valid YAML of the wrong shape: not a list, a row without an id, an unknown key,
   * a value of the wrong type.
   *
   * @param entry the 1-based entry at fault, or 0 when the fault is the whole file
   */
  public static ProfileException malformed(String file, int entry, String detail) {
    return new ProfileException(file + (entry > 0 ? ": entry " + entry : "") + ": " + detail);
  }
}
