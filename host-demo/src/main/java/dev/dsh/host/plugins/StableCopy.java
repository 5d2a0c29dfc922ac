package dev.dsh.host.plugins;

import dev.dsh.host.files.FileProblems;
import dev.dsh.host.home.HomeWrites;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies a jar that may still be being written into a private file, once its size has stopped
 * changing.
 *
 * <p>A file is taken when two checks agree on its size and modification time: a file untouched
 * for longer than the settle interval is checked before and after the copy; a fresher one is
 * checked again after waiting the settle interval first. The copy's SHA-256 names the cached file;
 * it is computed while copying unless {@link JarHashes} remembers it for the jar's stamp (size,
 * modification and change time, file key), unchanged before and after the copy.
 */
final class StableCopy {

  private static final Logger LOG = LoggerFactory.getLogger(StableCopy.class);

  /** The copied file and its content hash. */
  record Copied(Path file, String sha256) {}

  /**
   * What the file looked like. {@code changed} (Unix change time) and {@code fileKey} are null where
   * the file system has none. {@link #equals} and {@link #hashCode} are written out for the reason
   * {@code FileStamp} gives (the generated ones cost a one-shot start its method-handle spinning).
   */
  record Snapshot(long size, FileTime modified, @Nullable Object changed, @Nullable Object fileKey) {

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof Snapshot that
          && size == that.size
          && modified.equals(that.modified)
          && Objects.equals(changed, that.changed)
          && Objects.equals(fileKey, that.fileKey);
    }

    @Override
    public int hashCode() {
      return Objects.hash(size, modified, changed, fileKey);
    }

    /** One line naming this state of the file, for {@link JarHashes}. */
    String stamp() {
      return size + " " + modified + " " + changed + " " + fileKey;
    }
  }

  private static final AtomicLong TEMP_COUNTER = new AtomicLong();
  private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
      PosixFilePermissions.asFileAttribute(
          EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));

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
    JarHashes hashes = new JarHashes(dir.resolveSibling("plugin-hashes"));
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
      Optional<String> known = hashes.lookup(source, before.stamp());
      Path target = createTemp(source, dir);
      boolean kept = false;
      try {
        long copied;
        // No digest at all when the hash is known: even looking SHA-256 up costs a provider search.
        @Nullable MessageDigest digest = known.isEmpty() ? sha256() : null;
        try (InputStream raw = Files.newInputStream(source);
            InputStream in = digest == null ? raw : new DigestInputStream(raw, digest);
            OutputStream out = Files.newOutputStream(target)) {
          copied = in.transferTo(out);
        }
        String sha256 =
            digest == null ? known.orElseThrow() : HexFormat.of().formatHex(digest.digest());
        if (copied == before.size() && before.equals(snapshot(source))) {
          if (known.isEmpty()) {
            hashes.remember(source, before.stamp(), sha256);
          }
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
      return new Snapshot(
          attributes.size(), attributes.lastModifiedTime(), changeTime(source),
          attributes.fileKey());
    } catch (NoSuchFileException e) {
      throw new PluginLoadException(source, PluginLoadException.Reason.NOT_FOUND, "no such file");
    } catch (IOException e) {
      throw new PluginLoadException(
          source, PluginLoadException.Reason.IO, "cannot read the jar's attributes: " + e, e);
    }
  }

  /** The Unix change time, which every write and rename sets to now; null off Unix. */
  private static @Nullable Object changeTime(Path source) throws IOException {
    if (!source.getFileSystem().supportedFileAttributeViews().contains("unix")) {
      return null;
    }
    try {
      return Files.getAttribute(source, "unix:ctime");
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return null;
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

  /**
   * A new file only this process writes: named by the process id and a counter rather than by
   * {@code Files.createTempFile}, whose random names seed a {@code SecureRandom} at every start.
   */
  private static Path createTemp(Path source, Path dir) {
    try {
      Files.createDirectories(dir);
      while (true) {
        Path temp =
            dir.resolve(
                "incoming-" + ProcessHandle.current().pid() + "-"
                    + TEMP_COUNTER.incrementAndGet() + ".tmp");
        try {
          // Owner-only where the file system has permissions, as createTempFile made it.
          return dir.getFileSystem().supportedFileAttributeViews().contains("posix")
              ? Files.createFile(temp, OWNER_ONLY)
              : Files.createFile(temp);
        } catch (FileAlreadyExistsException e) {
          // Left by an earlier process with the same id: take the next number.
        }
      }
    } catch (IOException e) {
      // The home's cache, not this jar, is at fault: every jar would fail the same way, and the
      // command could only go on to complain that their bundles are not installed.
      throw HomeWrites.failed("cannot load the plugins", e, dir, FileProblems.Kind.FOLDER);
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
