package dev.dsh.host.internal.home;

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
 * What a file looks like without opening it: an unchanged stamp means the file was not written,
 * renamed over or replaced. The Unix change time is in it because every write and rename sets it
 * to now and no tool sets it back; the file key (inode) tells a file replaced by rename; both are
 * null where the file system has none.
 */
public record FileStamp(
    long size, Instant modified, @Nullable FileTime changed, @Nullable Object fileKey) {

  /**
   * The stamp of {@code file} (links followed), in one {@code stat} on Unix.
   *
   * @throws java.nio.file.NoSuchFileException when there is no such file
   */
  public static FileStamp read(Path file) throws IOException {
    if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
      BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
      return new FileStamp(basic.size(), basic.lastModifiedTime().toInstant(), null, basic.fileKey());
    }
    Map<String, Object> unix =
        Files.readAttributes(file, "unix:size,lastModifiedTime,ctime,fileKey");
    return new FileStamp((Long) unix.get("size"), ((FileTime) unix.get("lastModifiedTime")).toInstant(),
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
}
