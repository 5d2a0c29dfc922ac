package dev.dsh.host.internal.credentials;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Follows a chain of symbolic links to the file it ends at, even when that file does not exist
 * yet: a store that is a link to a shared file is written by replacing the shared file (beside it,
 * in its own folder), never the link.
 */
final class LinkTargets {

  /** As many hops as Linux follows before {@code ELOOP}. */
  private static final int MAX_HOPS = 40;

  private LinkTargets() {}

  /**
   * @return {@code path} when it is not a symbolic link, else the path its links end at (a relative
   *     link is taken from the link's own folder)
   * @throws IOException when a link cannot be read or the chain is a loop
   */
  static Path finalTarget(Path path) throws IOException {
    Path current = path;
    for (int hops = 0; Files.isSymbolicLink(current); hops++) {
      if (hops == MAX_HOPS) {
        throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
      }
      Path link = Files.readSymbolicLink(current);
      Path folder = current.toAbsolutePath().getParent();
      current = folder == null ? link : folder.resolve(link);
    }
    return current;
  }
}
