package dev.dsh.host.plugins;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A few lines remembered per plugin jar path, one small text file each in a folder of {@code
 * <home>/.cache} ({@link JarHashes}, {@link CheckedJars}): a path keeps one record however many
 * versions of the jar it had. A missing or unreadable record reads as none; one that cannot be
 * written is skipped (the next start does the work again). Two starts at once each write a whole
 * record under a temporary name and move it into place.
 */
final class JarRecords {

  static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  private static final Logger LOG = LoggerFactory.getLogger(JarRecords.class);

  private final Path dir;

  /** @param dir the folder of the records, created on the first write */
  JarRecords(Path dir) {
    this.dir = dir;
  }

  /** The lines of {@code jar}'s record, none when there is no readable one. */
  List<String> read(Path jar) {
    try {
      return Files.readAllLines(file(jar), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot read the record of {} in {}: {}", jar, dir, e.toString());
      return List.of();
    }
  }

  /** Replaces {@code jar}'s record by {@code lines}. */
  void write(Path jar, String... lines) {
    Path file = file(jar);
    Path temp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid());
    try {
      Files.createDirectories(dir);
      Files.writeString(temp, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      LOG.debug("cannot write the record of {} in {}: {}", jar, dir, e.toString());
      StableCopy.deleteQuietly(temp);
    }
  }

  /** The jar's absolute path on one line (paths alike but for a line break differ in stamps). */
  static String key(Path jar) {
    return jar.toAbsolutePath().normalize().toString().replace('\n', '?');
  }

  private Path file(Path jar) {
    return dir.resolve(String.format("%08x.txt", key(jar).hashCode()));
  }
}
