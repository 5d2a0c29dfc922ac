package dev.dsh.host.internal.home;

import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.FileAccessException.Kind;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Says what went wrong with a path after an I/O operation on it failed: {@code <path> is a file,
 * not a folder}, {@code <path> is a folder, not a file}, or {@code <path>: <the OS reason>} (such
 * as {@code Read-only file system} or {@code Permission denied}).
 *
 * <p>The file types are read from the file system after the failure rather than from the OS
 * message, whose wording depends on the platform and the locale.
 */
public final class FileProblems {

  private FileProblems() {}

  /** The error for {@code doing} having failed on {@code path}: {@code <doing>: <what went wrong>}. */
  public static FileAccessException failed(String doing, IOException error, Path path, Kind expected) {
    return new FileAccessException(doing + ": " + describe(error, path, expected), error);
  }

  /**
   * @param error what the operation threw
   * @param path the path the operation was about
   * @param expected what {@code path} had to be
   * @return one line naming the offending path and the reason
   */
  public static String describe(IOException error, Path path, Kind expected) {
    Path subject = fileOf(error).orElse(path).toAbsolutePath().normalize();
    Optional<Path> notFolder = nonFolderAncestor(subject);
    if (notFolder.isPresent()) {
      return notFolder.get() + " is a file, not a folder";
    }
    if (subject.equals(path.toAbsolutePath().normalize())) {
      if (expected == Kind.FILE && Files.isDirectory(subject)) {
        return subject + " is a folder, not a file";
      }
      if (expected == Kind.FOLDER && Files.exists(subject) && !Files.isDirectory(subject)) {
        return subject + " is a file, not a folder";
      }
    }
    // Files.createDirectories on a path that is a file.
    if (error instanceof FileAlreadyExistsException
        && Files.exists(subject)
        && !Files.isDirectory(subject)) {
      return subject + " is a file, not a folder";
    }
    return subject + ": " + reason(error);
  }

  /** The OS reason alone, without the path. */
  public static String reason(IOException error) {
    if (error instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    if (error instanceof NoSuchFileException) {
      return "no such file or folder";
    }
    if (error instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (error instanceof FileAlreadyExistsException) {
      return "already exists";
    }
    if (error instanceof DirectoryNotEmptyException) {
      return "the folder is not empty";
    }
    if (error instanceof NotDirectoryException) {
      return "not a folder";
    }
    String message = error.getMessage();
    // A FileSystemException without a reason has only its path(s) as message.
    if (message == null || message.isBlank() || error instanceof FileSystemException) {
      return error.getClass().getSimpleName();
    }
    return message;
  }

  private static Optional<Path> fileOf(IOException error) {
    if (error instanceof FileSystemException fs) {
      @Nullable String file = fs.getFile();
      if (file != null) {
        return Optional.of(Path.of(file));
      }
    }
    return Optional.empty();
  }

  /** The nearest existing ancestor of {@code path} when it is not a folder. */
  private static Optional<Path> nonFolderAncestor(Path path) {
    for (Path p = path.getParent(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        return Files.isDirectory(p) ? Optional.empty() : Optional.of(p);
      }
      if (Files.isSymbolicLink(p)) {
        return Optional.empty(); // a dangling link: the OS reason says more than a guess
      }
    }
    return Optional.empty();
  }
}
