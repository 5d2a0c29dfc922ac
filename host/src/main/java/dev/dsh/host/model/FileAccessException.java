package dev.dsh.host.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * A file operation on the home folder (or a file named on the command line) failed. The message is
 * meant for the user as is: what was being done, the offending path and the reason, from {@link
 * FileProblems#describe}.
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

  /**
   * @param doing what failed, such as {@code "cannot write the credential store"}
   * @param path the path the operation was about
   * @param expected what {@code path} had to be
   */
  public FileAccessException(
      String doing, IOException cause, Path path, Kind expected) {
    super(doing + ": " + FileProblems.describe(cause, path, expected), cause);
  }

  /** A failure found without an {@link IOException}, such as a folder where a file belongs. */
  public FileAccessException(String message) {
    super(message, new IOException(message));
  }
}
