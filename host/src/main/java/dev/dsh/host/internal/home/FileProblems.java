package dev.dsh.host.internal.home;

import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.FileAccessException.Kind;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/** What went wrong with a path, read from the file system, not the OS message (locale-bound). */
public final class FileProblems {

  /** The fix {@link #writeFailed} gives for a folder that cannot be written. */
  public static final String FIX = "make it writable, or use another home folder with --home DIR";

  private FileProblems() {}

  /** The error for {@code doing} having failed on {@code path}: {@code <doing>: <what went wrong>}. */
  public static FileAccessException failed(String doing, IOException error, Path path, Kind expected) {
    return new FileAccessException(doing + ": " + describe(error, path, expected), error);
  }

  /** One line naming the offending path and the reason; {@code expected} is what it had to be. */
  public static String describe(IOException error, Path path, Kind expected) {
    String file = error instanceof FileSystemException fs ? fs.getFile() : null;
    Path subject = (file == null ? path : Path.of(file)).toAbsolutePath().normalize();
    for (Path p = subject.getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        if (!Files.isDirectory(p)) {
          return p + " is a file, not a folder";
        }
        break;
      }
      if (Files.isSymbolicLink(p)) {
        break; // a dangling link: the OS reason says more than a guess
      }
    }
    boolean same = subject.equals(path.toAbsolutePath().normalize());
    boolean isFolder = Files.isDirectory(subject);
    if (same && expected == Kind.FILE && isFolder) {
      return subject + " is a folder, not a file";
    }
    // A folder expected, or Files.createDirectories on a path that is a file.
    if ((same && expected == Kind.FOLDER || error instanceof FileAlreadyExistsException)
        && Files.exists(subject) && !isFolder) {
      return subject + " is a file, not a folder";
    }
    return subject + ": " + reason(error);
  }

  /** The OS reason alone, without the path. */
  public static String reason(IOException error) {
    if (error instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    String known = error instanceof NoSuchFileException ? "no such file or folder"
        : error instanceof AccessDeniedException ? "permission denied"
        : error instanceof FileAlreadyExistsException ? "already exists"
        : error instanceof DirectoryNotEmptyException ? "the folder is not empty"
        : error instanceof NotDirectoryException ? "not a folder"
        : null;
    if (known != null) {
      return known;
    }
    String message = error.getMessage();
    // A FileSystemException without a reason has only its path(s) as message.
    return message == null || message.isBlank() || error instanceof FileSystemException
        ? error.getClass().getSimpleName()
        : message;
  }

  /** {@link #failed} for a write; names the nearest existing folder when it is not writable. */
  public static FileAccessException writeFailed(
      String doing, IOException error, Path path, Kind expected) {
    Path start = path.toAbsolutePath().normalize();
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isDirectory(p)) {
        return Files.isWritable(p) ? failed(doing, error, path, expected)
            : new FileAccessException(
                doing + ": " + p + " is not writable (" + reason(error) + "); " + FIX);
      }
      // A file where a folder belongs: failed() names it.
      boolean fileToReplace = p.equals(start) && expected == Kind.FILE;
      if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !fileToReplace) {
        break;
      }
    }
    return failed(doing, error, path, expected);
  }
}
