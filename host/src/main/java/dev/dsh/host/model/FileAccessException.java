package dev.dsh.host.model;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A file operation on the home folder (or a file named on the command line) failed. The message is
 * for the user as is: what was being done, the offending path and the reason.
 */
public final class FileAccessException extends UncheckedIOException {

  private static final long serialVersionUID = 1L;

  /** What the failed operation needed the path to be (or to become, when it does not exist). */
  public enum Kind { FILE, FOLDER }

  /** {@code message} says what was being done, the path and the reason, on one line. */
  public FileAccessException(String message, IOException cause) {
    super(message, cause);
  }

  /** A failure found without an {@link IOException}, such as a folder where a file belongs. */
  public FileAccessException(String message) {
    this(message, new IOException(message));
  }
}
