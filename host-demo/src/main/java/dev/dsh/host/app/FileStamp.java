package dev.dsh.host.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/** What a watched file looked like: a change of size or modification time is a change. */
record FileStamp(long size, long modifiedNanos) {

  /** The SHA-256 (lower-case hex) of the file's bytes; empty when it cannot be read. */
  static Optional<String> sha256(Path file) {
    try (InputStream raw = Files.newInputStream(file);
        DigestInputStream in = new DigestInputStream(raw, MessageDigest.getInstance("SHA-256"))) {
      in.transferTo(OutputStream.nullOutputStream());
      return Optional.of(HexFormat.of().formatHex(in.getMessageDigest().digest()));
    } catch (IOException e) {
      return Optional.empty();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK provides SHA-256", e);
    }
  }

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
