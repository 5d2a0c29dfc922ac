package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.home.HomeWrites;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.Sha256;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a jar that may still be being written, once its size has stopped changing: the checked copy
 * last taken from it when its stamp is unchanged ({@link CheckedCopies}), else a fresh private copy,
 * hashed while copying, for the caller to check.
 *
 * <p>A file is taken when two checks agree on its {@link FileStamp}: a file untouched for longer
 * than the settle interval is checked before and after the copy; a fresher one is checked again
 * after waiting the settle interval first. The stamp changes with any rewrite or replacement of the
 * jar, since no tool can set a change time back.
 */
final class StableCopy {

  private static final Logger LOG = LoggerFactory.getLogger(StableCopy.class);

  /**
   * The jar's bytes and their hash: a checked copy found by the jar's stamp, or a fresh copy
   * under a temporary name, not checked yet. {@code stamp} is null where the file system has none.
   */
  record Copied(Path file, String sha256, @Nullable String stamp, boolean checked) {}

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
      FileStamp before = snapshot(source);
      if (before.modified().isAfter(Instant.now().minus(settle))) {
        sleep(settle, source);
        if (!before.equals(snapshot(source))) {
          checkDeadline(deadline, source);
          continue;
        }
      }
      @Nullable String stamp = before.token();
      if (stamp != null) {
        // Unchanged since its copy was taken: the jar is not read at all, not even to hash it.
        Optional<CheckedCopies.Copy> known = copies.withStamp(stamp);
        if (known.isPresent()) {
          return new Copied(known.get().file(), known.get().sha256(), stamp, true);
        }
      }
      Path target = createTemp(copies.dir());
      boolean kept = false;
      try {
        long copied;
        MessageDigest digest = Sha256.newDigest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(source), digest);
            OutputStream out = Files.newOutputStream(target)) {
          copied = in.transferTo(out);
        }
        if (copied == before.size() && before.equals(snapshot(source))) {
          kept = true;
          return new Copied(target, Sha256.hex(digest), stamp, false);
        }
      } catch (NoSuchFileException e) {
        throw new PluginLoadException(source, "no such file");
      } catch (IOException e) {
        throw new PluginLoadException(
            source, "cannot copy the jar: " + e, e);
      } finally {
        if (!kept) {
          deleteQuietly(target);
        }
      }
      checkDeadline(deadline, source);
      sleep(settle, source);
    }
  }

  private static FileStamp snapshot(Path source) {
    try {
      FileStamp stamp = FileStamp.read(source);
      if (!Files.isRegularFile(source)) {
        throw new PluginLoadException(source, Files.isDirectory(source)
            ? "is a directory; give the plugin's jar file" : "not a regular file");
      }
      return stamp;
    } catch (NoSuchFileException e) {
      throw new PluginLoadException(source, "no such file");
    } catch (IOException e) {
      throw new PluginLoadException(
          source, "cannot read the jar's attributes: " + e, e);
    }
  }

  private void checkDeadline(Instant deadline, Path source) {
    if (Instant.now().isAfter(deadline)) {
      throw new PluginLoadException(
          source,
          "the file kept changing for " + giveUpAfter.toSeconds() + " s; it is still being written");
    }
  }

  /** A new owner-only file in {@code dir}, which is created if need be. */
  private static Path createTemp(Path dir) {
    try {
      Files.createDirectories(dir);
      return OwnerOnlyFiles.createTemp(dir, "incoming-");
    } catch (IOException e) {
      // The home's cache, not this jar, is at fault: every jar would fail the same way, and the
      // command could only go on to complain that their bundles are not installed.
      throw HomeWrites.failed("cannot load the plugins", e, dir, FileAccessException.Kind.FOLDER);
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
          source, "interrupted while waiting for the file to settle");
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
