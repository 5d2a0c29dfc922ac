package dev.dsh.host.internal.home;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Files and folders only their owner can read from the moment they exist; a file is replaced by a
 * temporary one moved over it, so a reader sees the old file or the new, never half.
 */
public final class OwnerOnlyFiles {

  /** Fills a temporary file, empty and owner-only, with a file's new content. */
  @FunctionalInterface
  public interface Content {
    void writeTo(Path temp) throws IOException;
  }

  private OwnerOnlyFiles() {}

  /** A new empty owner-only file {@code <folder>/<prefix><random digits>.tmp}. */
  public static Path createTemp(Path folder, String prefix) throws IOException {
    return Files.createTempFile(folder, prefix, ".tmp", ownerOnly(folder, "rw-------"));
  }

  /** {@link #replace(Path, Content)} with {@code content}, forced to the device. */
  public static void replace(Path target, byte[] content) throws IOException {
    replace(target, temp -> {
      Files.write(temp, content);
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
    });
  }

  /** Replaces {@code target} atomically by an owner-only file {@code content} fills; no temp left. */
  public static void replace(Path target, Content content) throws IOException {
    Path temp = createTemp(target.getParent(), "." + target.getFileName() + ".");
    try {
      content.writeTo(temp);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        // Same folder, so only exotic file systems get here; a plain replace is the best left.
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** Creates {@code path} as an empty file unless it exists already (made by anyone). */
  public static void createFile(Path path) throws IOException {
    try {
      Files.createFile(path, ownerOnly(path, "rw-------"));
    } catch (FileAlreadyExistsException e) {
      // created earlier, by this or another process
    }
  }

  /** Creates {@code folder} and its missing parents; existing ones are left as they are. */
  public static void createFolder(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      Files.createDirectories(folder, ownerOnly(folder, "rwx------"));
    }
  }

  private static FileAttribute<?>[] ownerOnly(Path path, String permissions) {
    return path.getFileSystem().supportedFileAttributeViews().contains("posix")
        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString(permissions))}
        : new FileAttribute<?>[0];
  }
}
