package dev.dsh.host.plugins;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SHA-256 of plugin jars remembered by their file stamp, so a start whose jar is unchanged
 * copies it without hashing it again (hashing 0.6 MB was a twentieth of a one-shot command's CPU).
 *
 * <p>One small text file per jar path under {@code <home>/.cache/plugin-hashes}: the jar's absolute
 * path, its {@link StableCopy.Snapshot#stamp() stamp} when it was hashed, and the hash. A stamp
 * includes the file key (inode) and, on Unix, the change time, which no tool can set back: a jar
 * rewritten or replaced in any way misses and is hashed again. A missing, unreadable or foreign
 * record is a miss; a record that cannot be written is skipped (the next start hashes again). Two
 * starts at once each write a whole record under a temporary name and move it into place.
 */
final class JarHashes {

  private static final Logger LOG = LoggerFactory.getLogger(JarHashes.class);
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  private final Path dir;

  /** @param dir the folder of the records, created on the first write */
  JarHashes(Path dir) {
    this.dir = dir;
  }

  /** The hash remembered for {@code jar} at {@code stamp}, if any. */
  Optional<String> lookup(Path jar, String stamp) {
    try {
      List<String> lines = Files.readAllLines(record(jar), StandardCharsets.UTF_8);
      if (lines.size() == 3
          && lines.get(0).equals(key(jar))
          && lines.get(1).equals(stamp)
          && SHA256.matcher(lines.get(2)).matches()) {
        return Optional.of(lines.get(2));
      }
    } catch (NoSuchFileException e) {
      // Never hashed here before.
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot read the remembered hash of {}: {}", jar, e.toString());
    }
    return Optional.empty();
  }

  /** Remembers {@code sha256} for {@code jar} at {@code stamp}. */
  void remember(Path jar, String stamp, String sha256) {
    Path record = record(jar);
    Path temp = record.resolveSibling(record.getFileName() + "." + ProcessHandle.current().pid());
    try {
      Files.createDirectories(dir);
      Files.writeString(temp, key(jar) + "\n" + stamp + "\n" + sha256 + "\n");
      Files.move(temp, record, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot remember the hash of {}: {}", jar, e.toString());
      StableCopy.deleteQuietly(temp);
    }
  }

  private Path record(Path jar) {
    String key = key(jar);
    return dir.resolve(String.format("%08x.txt", key.hashCode()));
  }

  // The path kept on one line; two paths alike but for a line break still differ in their stamps.
  private static String key(Path jar) {
    return jar.toAbsolutePath().normalize().toString().replace('\n', '?');
  }
}
