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
import org.jspecify.annotations.Nullable;

/**
 * What a watched file looked like: a change of size or modification time is a change.
 *
 * <p>{@link #equals} and {@link #hashCode} are written out: a record's generated ones are bound at
 * their first call by {@code java.lang.runtime.ObjectMethods}, which spins method-handle classes —
 * a few per cent of a one-shot command's CPU, spent comparing two longs.
 */
record FileStamp(long size, long modifiedNanos) {

  @Override
  public boolean equals(@Nullable Object other) {
    return other instanceof FileStamp that
        && size == that.size
        && modifiedNanos == that.modifiedNanos;
  }

  @Override
  public int hashCode() {
    return 31 * Long.hashCode(size) + Long.hashCode(modifiedNanos);
  }

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
