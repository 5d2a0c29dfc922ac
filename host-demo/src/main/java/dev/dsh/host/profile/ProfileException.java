package dev.dsh.host.profile;

/**
 * A profile could not be composed. The message is meant for the user as is: it names the file,
 * layer, row or bundle at fault and never carries config values.
 *
 * <p>The subclasses say which kind of fault it was; this class itself is thrown for unreadable
 * files and invalid profile names.
 */
public class ProfileException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public ProfileException(String message) {
    super(message);
  }

  public ProfileException(String message, Throwable cause) {
    super(message, cause);
  }
}
