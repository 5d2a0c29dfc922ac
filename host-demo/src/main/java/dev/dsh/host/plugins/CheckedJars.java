package dev.dsh.host.plugins;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SHA-256 of the last content of each plugin jar path that passed {@link JarEntries#checkAll},
 * so a start whose jar is unchanged does not inflate the whole jar again (5-6 % of a one-shot
 * search's JFR samples). One small text file per jar path under {@code <home>/.cache/plugin-checked},
 * holding that hash: a path keeps one record however many versions it had.
 *
 * <p>The hash compared is the one {@link StableCopy} gives the copy: computed over the copied
 * bytes, or remembered by the jar's stamp ({@link JarHashes}), so a jar changed in any way has
 * another hash and is checked again. A missing, unreadable or foreign record is a miss; a record
 * that cannot be written is skipped (the next start checks again). Two starts at once each write a
 * whole record under a temporary name and move it into place.
 */
final class CheckedJars {

  private static final Logger LOG = LoggerFactory.getLogger(CheckedJars.class);
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  private final Path dir;

  /** @param dir the folder of the records, created on the first write */
  CheckedJars(Path dir) {
    this.dir = dir;
  }

  /** Whether {@code jar}'s content with this SHA-256 (lower-case hex) passed the check before. */
  boolean contains(Path jar, String sha256) {
    if (!SHA256.matcher(sha256).matches()) {
      return false;
    }
    try {
      return Files.readString(record(jar), StandardCharsets.UTF_8).equals(sha256 + "\n");
    } catch (NoSuchFileException e) {
      return false;
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot read whether {} was checked: {}", jar, e.toString());
      return false;
    }
  }

  /** Remembers that {@code jar}'s content with this SHA-256 passed the check. */
  void remember(Path jar, String sha256) {
    if (!SHA256.matcher(sha256).matches()) {
      return;
    }
    Path record = record(jar);
    Path temp = record.resolveSibling(record.getFileName() + "." + ProcessHandle.current().pid());
    try {
      Files.createDirectories(dir);
      Files.writeString(temp, sha256 + "\n", StandardCharsets.UTF_8);
      Files.move(temp, record, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot remember that {} was checked: {}", jar, e.toString());
      StableCopy.deleteQuietly(temp);
    }
  }

  private Path record(Path jar) {
    String key = jar.toAbsolutePath().normalize().toString();
    return dir.resolve(String.format("%08x.txt", key.hashCode()));
  }
}
