package dev.dsh.host.internal.home;

import static java.util.concurrent.TimeUnit.NANOSECONDS;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a file looks like without opening it, for the watcher, the loaded jars, a jar being copied
 * and the credential store's cache: an unchanged stamp means the file was not written, renamed over
 * or replaced. The Unix change time is in it because every write and rename sets it to now and no
 * tool sets it back; the file key (inode) tells a file replaced by rename; both are null where the
 * file system has none.
 *
 * @param modifiedNanos the modification time, in nanoseconds since the epoch
 */
public record FileStamp(
    long size, long modifiedNanos, @Nullable FileTime changed, @Nullable Object fileKey) {

  private static final String UNIX_STAMP = "unix:size,lastModifiedTime,ctime,fileKey";

  /**
   * The stamp of {@code file} (links followed), in one {@code stat} on Unix.
   *
   * @throws java.nio.file.NoSuchFileException when there is no such file
   */
  public static FileStamp read(Path file) throws IOException {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
      BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
      return new FileStamp(
          basic.size(), basic.lastModifiedTime().to(NANOSECONDS), null, basic.fileKey());
    }
    Map<String, Object> unix = Files.readAttributes(file, UNIX_STAMP);
    return new FileStamp((Long) unix.get("size"),
        ((FileTime) unix.get("lastModifiedTime")).to(NANOSECONDS),
        (FileTime) unix.get("ctime"), unix.get("fileKey"));
  }

  /** {@link #read}, empty when there is no file or its attributes cannot be read. */
  public static Optional<FileStamp> of(Path file) {
    try {
      return Optional.of(read(file));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The modification time. */
  public Instant modified() {
    return Instant.EPOCH.plusNanos(modifiedNanos);
  }

  /** {@code <size> <modified nanos> <change time> <file key>}, on one line. */
  @Override
  public String toString() {
    return size + " " + modifiedNanos + " " + changed + " " + fileKey;
  }
}
