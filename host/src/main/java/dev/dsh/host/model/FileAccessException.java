package dev.dsh.host.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** A file operation failed, or a file cannot be understood; the message is for the user as is. */
public final class FileAccessException extends UncheckedIOException {

  private static final long serialVersionUID = 1L;

  /** What the operation needed the path to be (or to become). */
  public enum Kind { FILE, FOLDER }

  /** {@code message} says what was being done, the path and the reason, on one line. */
  public FileAccessException(String message, IOException cause) {
    super(message, cause);
  }

  /** A failure found without an {@link IOException}, such as a folder where a file belongs. */
  public FileAccessException(String message) {
    this(message, new IOException(message));
  }

  /** The credential store at {@code file} is corrupt; no write goes through until it is fixed. */
  public static FileAccessException corruptStore(Path file, String problem) {
    return new FileAccessException("credential store " + file + " is corrupt: " + problem
        + "; fix or remove the file (dsh does not overwrite it while it is corrupt)");
  }
}
