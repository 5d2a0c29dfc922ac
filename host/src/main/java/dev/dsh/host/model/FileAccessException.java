package dev.dsh.host.model;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A file operation on the home folder (or a file named on the command line) failed. The message is
 * meant for the user as is: what was being done, the offending path and the reason (the file type
 * when that is the problem, else the OS's reason).
 */
public final class FileAccessException extends UncheckedIOException {

  private static final long serialVersionUID = 1L;

  /** What the failed operation needed {@code path} to be. */
  public enum Kind {
    /** A regular file (or nothing yet, for one about to be created). */
    FILE,
    /** A folder (or nothing yet, for one about to be created). */
    FOLDER
  }

  /** @param message what was being done, the offending path and the reason, on one line */
  public FileAccessException(String message, IOException cause) {
    super(message, cause);
  }

  /** A failure found without an {@link IOException}, such as a folder where a file belongs. */
  public FileAccessException(String message) {
    super(message, new IOException(message));
  }
}
