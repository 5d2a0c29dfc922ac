package dev.dsh.host.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies a jar that may still be being written into a private file, once its size has stopped
 * changing.
 *
 * <p>A file is taken when two checks agree on its size and modification time: a file untouched
 * for longer than the settle interval is checked before and after the copy; a fresher one is
 * checked again after waiting the settle interval first. The copy's SHA-256 names the cached file.
 */
final class StableCopy {

  private static final Logger LOG = LoggerFactory.getLogger(StableCopy.class);

  /** The copied file and its content hash. */
  record Copied(Path file, String sha256) {}

  private record Snapshot(long size, FileTime modified) {}

  private final Duration settle;
  private final Duration giveUpAfter;

  StableCopy(Duration settle, Duration giveUpAfter) {
    this.settle = settle;
    this.giveUpAfter = giveUpAfter;
  }

  /**
   * @param source the jar to copy
   * @param dir the folder receiving the copy (a temporary name inside it)
   */
  Copied copy(Path source, Path dir) {
    Instant deadline = Instant.now().plus(giveUpAfter);
    while (true) {
      Snapshot before = snapshot(source);
      if (before.modified().toInstant().isAfter(Instant.now().minus(settle))) {
        sleep(settle, source);
        if (!before.equals(snapshot(source))) {
          checkDeadline(deadline, source);
          continue;
        }
      }
      Path target = createTemp(source, dir);
      boolean kept = false;
      try {
        long copied;
        String sha256;
        try (InputStream raw = Files.newInputStream(source);
            DigestInputStream in = new DigestInputStream(raw, sha256());
            OutputStream out = Files.newOutputStream(target)) {
          copied = in.transferTo(out);
          sha256 = HexFormat.of().formatHex(in.getMessageDigest().digest());
        }
        if (copied == before.size() && before.equals(snapshot(source))) {
          kept = true;
          return new Copied(target, sha256);
        }
      } catch (NoSuchFileException e) {
        throw new PluginLoadException(source, PluginLoadException.Reason.NOT_FOUND, "no such file");
      } catch (IOException e) {
        throw new PluginLoadException(
            source, PluginLoadException.Reason.IO, "cannot copy the jar: " + e, e);
      } finally {
        if (!kept) {
          deleteQuietly(target);
        }
      }
      checkDeadline(deadline, source);
      sleep(settle, source);
    }
  }

  private static Snapshot snapshot(Path source) {
    try {
      BasicFileAttributes attributes = Files.readAttributes(source, BasicFileAttributes.class);
      if (!attributes.isRegularFile()) {
        throw new PluginLoadException(
            source, PluginLoadException.Reason.NOT_FOUND, "not a regular file");
      }
      return new Snapshot(attributes.size(), attributes.lastModifiedTime());
    } catch (NoSuchFileException e) {
      throw new PluginLoadException(source, PluginLoadException.Reason.NOT_FOUND, "no such file");
    } catch (IOException e) {
      throw new PluginLoadException(
          source, PluginLoadException.Reason.IO, "cannot read the jar's attributes: " + e, e);
    }
  }

  private void checkDeadline(Instant deadline, Path source) {
    if (Instant.now().isAfter(deadline)) {
      throw new PluginLoadException(
          source,
          PluginLoadException.Reason.STILL_WRITTEN,
          "the file kept changing for " + giveUpAfter.toSeconds() + " s; it is still being written");
    }
  }

  private static Path createTemp(Path source, Path dir) {
    try {
      Files.createDirectories(dir);
      return Files.createTempFile(dir, "incoming-", ".tmp");
    } catch (IOException e) {
      throw new PluginLoadException(
          source, PluginLoadException.Reason.IO, "cannot create a copy in " + dir + ": " + e, e);
    }
  }

  private static void sleep(Duration duration, Path source) {
    if (duration.isZero()) {
      return;
    }
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PluginLoadException(
          source, PluginLoadException.Reason.IO, "interrupted while waiting for the file to settle");
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK provides SHA-256", e);
    }
  }

  static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // The cache is private to the host; a leftover file is harmless and reported at debug level.
      LOG.debug("cannot delete {}: {}", file, e.toString());
    }
  }
}
