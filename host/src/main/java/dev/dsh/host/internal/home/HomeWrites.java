package dev.dsh.host.internal.home;

import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The error for a write into the dsh home that failed. When the nearest existing folder on the way
 * cannot be written, it names that folder and the fix: {@code <doing>: <folder> is not writable
 * (<OS reason>); }{@value #FIX}; else as {@link FileProblems} tells it. Writability is asked of the
 * file system ({@code access(2)}) after the failure, not read from the OS message.
 */
public final class HomeWrites {

  /** The fix the message gives for a folder that cannot be written. */
  public static final String FIX = "make it writable, or use another home folder with --home DIR";

  private HomeWrites() {}

  /**
   * @param doing what failed, such as {@code "could not install x.jar"}
   * @param path what the write was about: a folder to create or write in, or a file to write
   */
  public static FileAccessException failed(
      String doing, IOException error, Path path, FileAccessException.Kind expected) {
    Path start = path.toAbsolutePath().normalize();
    for (Path p = start; p != null; p = p.getParent()) {
      if (Files.isDirectory(p)) {
        return Files.isWritable(p) ? FileProblems.failed(doing, error, path, expected)
            : new FileAccessException(doing + ": " + p + " is not writable ("
                + FileProblems.reason(error) + "); " + FIX);
      }
      // A file where a folder belongs: FileProblems names it.
      boolean fileToReplace = p.equals(start) && expected == FileAccessException.Kind.FILE;
      if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !fileToReplace) {
        break;
      }
    }
    return FileProblems.failed(doing, error, path, expected);
  }
}
