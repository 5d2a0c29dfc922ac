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
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a jar that may still be being written, once its size has stopped changing: the checked copy
 * last taken from it when its stamp is unchanged ({@link CheckedCopies}), else a fresh private copy,
 * hashed while copying, for the caller to check.
 *
 * <p>A file is taken when two checks agree on its size and modification time: a file untouched
 * for longer than the settle interval is checked before and after the copy; a fresher one is
 * checked again after waiting the settle interval first. The stamp — size, modification and change
 * time, device and inode — changes with any rewrite or replacement of the jar, since no tool can
 * set a change time back.
 */
final class StableCopy {

  private static final Logger LOG = LoggerFactory.getLogger(StableCopy.class);

  /**
   * The jar's bytes and their hash: a checked copy found by the jar's stamp, or a fresh copy
   * under a temporary name, not checked yet. {@code stamp} is null where the file system has none.
   */
  record Copied(Path file, String sha256, @Nullable String stamp, boolean checked) {}

  /**
   * What the file looked like. {@code stamp} is null where the file system has no change time and
   * inode. {@link #equals} and {@link #hashCode} are written out for the reason {@code FileStamp}
   * gives (the generated ones cost a one-shot start its method-handle spinning).
   */
  record Snapshot(long size, FileTime modified, @Nullable String stamp) {

    @Override
    public boolean equals(@Nullable Object other) {
      return other instanceof Snapshot that
          && size == that.size
          && modified.equals(that.modified)
          && Objects.equals(stamp, that.stamp);
    }

    @Override
    public int hashCode() {
      return Objects.hash(size, modified, stamp);
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
   * @param source the jar to take
   * @param copies the checked copies, whose folder receives a fresh copy (a temporary name in it)
   */
  Copied copy(Path source, CheckedCopies copies) {
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
      @Nullable String stamp = before.stamp();
      if (stamp != null) {
        // Unchanged since its copy was taken: the jar is not read at all, not even to hash it.
        Optional<CheckedCopies.Copy> known = copies.withStamp(stamp);
        if (known.isPresent()) {
          return new Copied(known.get().file(), known.get().sha256(), stamp, true);
        }
      }
      Path target = createTemp(source, copies.dir());
      boolean kept = false;
      try {
        long copied;
        MessageDigest digest = sha256();
        try (InputStream in = new DigestInputStream(Files.newInputStream(source), digest);
            OutputStream out = Files.newOutputStream(target)) {
          copied = in.transferTo(out);
        }
        if (copied == before.size() && before.equals(snapshot(source))) {
          kept = true;
          return new Copied(target, HexFormat.of().formatHex(digest.digest()), stamp, false);
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
      if (!source.getFileSystem().supportedFileAttributeViews().contains("unix")) {
        BasicFileAttributes attributes = Files.readAttributes(source, BasicFileAttributes.class);
        requireRegularFile(attributes.isRegularFile(), source);
        return new Snapshot(attributes.size(), attributes.lastModifiedTime(), null);
      }
      // One stat for all of it.
      Map<String, Object> unix =
          Files.readAttributes(source, "unix:isRegularFile,size,lastModifiedTime,ctime,dev,ino");
      requireRegularFile((Boolean) unix.get("isRegularFile"), source);
      long size = (Long) unix.get("size");
      FileTime modified = (FileTime) unix.get("lastModifiedTime");
      String stamp =
          Long.toHexString(size)
              + "." + Long.toHexString(modified.to(TimeUnit.NANOSECONDS))
              + "." + Long.toHexString(((FileTime) unix.get("ctime")).to(TimeUnit.NANOSECONDS))
              + "." + Long.toHexString((Long) unix.get("dev"))
              + "." + Long.toHexString((Long) unix.get("ino"));
      return new Snapshot(size, modified, stamp);
    } catch (NoSuchFileException e) {
      throw new PluginLoadException(source, PluginLoadException.Reason.NOT_FOUND, "no such file");
    } catch (IOException e) {
      throw new PluginLoadException(
          source, PluginLoadException.Reason.IO, "cannot read the jar's attributes: " + e, e);
    }
  }

  private static void requireRegularFile(boolean regular, Path source) {
    if (!regular) {
      throw new PluginLoadException(
          source, PluginLoadException.Reason.NOT_FOUND, "not a regular file");
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
