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
 * What a file looks like without opening it: its change time, as no tool sets it back, and its
 * inode, which tells a file replaced by rename.
 */
public record FileStamp(
    long size, Instant modified, @Nullable FileTime changed, @Nullable Object fileKey) {

  /** The stamp of {@code file} (links followed, one {@code stat} on Unix); empty when unreadable. */
  public static Optional<FileStamp> of(Path file) {
    try {
      if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
        BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
        return Optional.of(new FileStamp(
            basic.size(), basic.lastModifiedTime().toInstant(), null, basic.fileKey()));
      }
      Map<String, Object> unix =
          Files.readAttributes(file, "unix:size,lastModifiedTime,ctime,fileKey");
      return Optional.of(new FileStamp((Long) unix.get("size"),
          ((FileTime) unix.get("lastModifiedTime")).toInstant(), (FileTime) unix.get("ctime"),
          unix.get("fileKey")));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
