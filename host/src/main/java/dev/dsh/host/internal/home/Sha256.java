package dev.dsh.host.internal.home;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/** SHA-256 digests, told as 64 lower-case hex digits. */
public final class Sha256 {

  private Sha256() {}

  /** A new SHA-256 digest, for bytes hashed while they are copied. */
  public static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK provides SHA-256", e);
    }
  }

  /** Completes {@code digest}; its hex. */
  public static String hex(MessageDigest digest) {
    return HexFormat.of().formatHex(digest.digest());
  }

  /** The hex SHA-256 of {@code bytes}. */
  public static String of(byte[] bytes) {
    return HexFormat.of().formatHex(newDigest().digest(bytes));
  }

  /** The hex SHA-256 of the file's bytes, streamed; empty when it cannot be read. */
  public static Optional<String> ofFile(Path file) {
    MessageDigest digest = newDigest();
    try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
      in.transferTo(OutputStream.nullOutputStream());
      return Optional.of(hex(digest));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
