package dev.dsh.host.internal.home;

import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The error for a write into the dsh home (or a file it names) that failed. When the nearest
 * existing folder on the way cannot be written (a read-only disk, an immutable or foreign folder),
 * the one message names that folder and the fix: {@code <doing>: <folder> is not writable (<OS
 * reason>); make it writable, or use another home folder with --home DIR}. Any other failure is
 * told as {@link FileProblems} tells it.
 *
 * <p>Writability is asked of the file system ({@code access(2)}) after the failure, rather than read
 * from the OS message, whose wording depends on the platform and the locale.
 */
public final class HomeWrites {

  /** The fix the message gives for a folder that cannot be written. */
  public static final String FIX = "make it writable, or use another home folder with --home DIR";

  private HomeWrites() {}

  /**
   * @param doing what failed, such as {@code "could not install x.jar"}
   * @param error what the write threw
   * @param path what the write was about: a folder to create or write in, or a file to write
   * @param expected what {@code path} had to be
   */
  public static FileAccessException failed(
      String doing, IOException error, Path path, FileAccessException.Kind expected) {
    return unwritableFolder(path, expected)
        .map(folder -> new FileAccessException(doing + ": " + folder + " is not writable ("
            + FileProblems.reason(error) + "); " + FIX))
        .orElseGet(() -> FileProblems.failed(doing, error, path, expected));
  }

  /**
   * The nearest existing folder at or above {@code path} when it cannot be written; empty when it
   * can, or when a file stands where a folder belongs (which {@link FileProblems} names).
   */
  static Optional<Path> unwritableFolder(Path path, FileAccessException.Kind expected) {
    Path start = path.toAbsolutePath().normalize();
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isDirectory(p)) {
        return Files.isWritable(p) ? Optional.empty() : Optional.of(p);
      }
      boolean fileToReplace = p.equals(start) && expected == FileAccessException.Kind.FILE;
      if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !fileToReplace) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }
}
