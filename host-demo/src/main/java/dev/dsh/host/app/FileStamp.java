package dev.dsh.host.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/** What a watched file looked like: a change of size or modification time is a change. */
record FileStamp(long size, long modifiedNanos) {

  static Optional<FileStamp> of(Path file) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return Optional.of(
          new FileStamp(
              attributes.size(),
              attributes.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
