package dev.dsh.host.credentials;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Creates files and folders that only their owner can read: {@code rw-------} and {@code
 * rwx------} from the moment they exist where the file system has POSIX permissions, else the
 * closest {@link File} permission calls.
 */
final class OwnerOnlyFiles {

  private static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private OwnerOnlyFiles() {}

  /** A new empty temporary file in {@code folder}. */
  static Path createTemp(Path folder, String prefix) throws IOException {
    if (POSIX) {
      return Files.createTempFile(folder, prefix, ".tmp", fileAttribute());
    }
    Path temp = Files.createTempFile(folder, prefix, ".tmp");
    restrict(temp);
    return temp;
  }

  /**
   * Replaces {@code target} atomically by a new owner-only file holding {@code content}, written
   * beside it (a move within one folder is atomic).
   *
   * @param sync whether the content is forced to the storage device before the move
   */
  static void replace(Path target, byte[] content, boolean sync) throws IOException {
    Path temp = createTemp(target.getParent(), "." + target.getFileName() + ".");
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(content);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        if (sync) {
          channel.force(true);
        }
      }
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
  static void createFile(Path path) throws IOException {
    try {
      if (POSIX) {
        Files.createFile(path, fileAttribute());
      } else {
        Files.createFile(path);
        restrict(path);
      }
    } catch (FileAlreadyExistsException e) {
      // created earlier, by this or another process
    }
  }

  /** Creates {@code folder} and its missing parents; existing ones are left as they are. */
  static void createFolder(Path folder) throws IOException {
    if (Files.isDirectory(folder)) {
      return;
    }
    if (POSIX) {
      Files.createDirectories(
          folder,
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } else {
      Files.createDirectories(folder);
    }
  }

  private static FileAttribute<?> fileAttribute() {
    return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
  }

  /** Best effort without POSIX permissions: readable and writable by the owner only. */
  private static void restrict(Path path) {
    File file = path.toFile();
    file.setReadable(false, false);
    file.setReadable(true, true);
    file.setWritable(false, false);
    file.setWritable(true, true);
    file.setExecutable(false, false);
  }
}
