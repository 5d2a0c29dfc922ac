package dev.dsh.host.plugins;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The plugin jars whose every entry has passed {@link JarEntries#checkAll}, remembered by their
 * SHA-256, so a start whose jar is unchanged does not inflate the whole jar again (5-6 % of a
 * one-shot search's JFR samples). One empty file per hash under {@code <home>/.cache/plugin-checked}.
 *
 * <p>The hash is the one {@link StableCopy} gives the copy: computed over the copied bytes, or
 * remembered by the jar's stamp ({@link JarHashes}), so a jar changed in any way has another hash
 * and is checked again. A marker that cannot be read or written is a miss (the next start checks
 * again); two starts at once may both create the same empty file.
 */
final class CheckedJars {

  private static final Logger LOG = LoggerFactory.getLogger(CheckedJars.class);
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  private final Path dir;

  /** @param dir the folder of the markers, created on the first write */
  CheckedJars(Path dir) {
    this.dir = dir;
  }

  /** Whether the jar with this SHA-256 (lower-case hex) passed the check before. */
  boolean contains(String sha256) {
    return SHA256.matcher(sha256).matches() && Files.isRegularFile(dir.resolve(sha256));
  }

  /** Remembers that the jar with this SHA-256 passed the check. */
  void remember(String sha256) {
    if (!SHA256.matcher(sha256).matches()) {
      return;
    }
    try {
      Files.createDirectories(dir);
      Files.createFile(dir.resolve(sha256));
    } catch (FileAlreadyExistsException e) {
      // Remembered already, by this start's predecessor or a start running beside it.
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot remember that the jar {} was checked: {}", sha256, e.toString());
    }
  }
}
