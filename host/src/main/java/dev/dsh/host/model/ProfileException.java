package dev.dsh.host.model;

/**
 * A profile could not be composed or applied: a file that does not read, a layer at fault, a row
 * naming a plugin that is not installed, a row that failed. The message is for the user as is,
 * one problem a line, naming the file, layer, row or bundle at fault, never a config value.
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
   * a value of the wrong type; {@code entry} is the 1-based entry at fault, or 0 for the file.
   */
  public static ProfileException malformed(String file, int entry, String detail) {
    return new ProfileException(file + (entry > 0 ? ": entry " + entry : "") + ": " + detail);
  }
}
