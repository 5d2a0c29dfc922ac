package dev.dsh.host.plugins;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The SHA-256 of plugin jars remembered by their file stamp, so a start whose jar is unchanged
 * copies it without hashing it again (hashing 0.6 MB was a twentieth of a one-shot command's CPU).
 *
 * <p>One small text file per jar path under {@code <home>/.cache/plugin-hashes}: the jar's absolute
 * path, its {@link StableCopy.Snapshot#stamp() stamp} when it was hashed, and the hash. A stamp
 * includes the file key (inode) and, on Unix, the change time, which no tool can set back: a jar
 * rewritten or replaced in any way misses and is hashed again. A missing, unreadable or foreign
 * record is a miss ({@link JarRecords}).
 */
final class JarHashes {

  private final JarRecords records;

  /** @param dir the folder of the records, created on the first write */
  JarHashes(Path dir) {
    this.records = new JarRecords(dir);
  }

  /** The hash remembered for {@code jar} at {@code stamp}, if any. */
  Optional<String> lookup(Path jar, String stamp) {
    List<String> lines = records.read(jar);
    return lines.size() == 3
            && lines.get(0).equals(JarRecords.key(jar))
            && lines.get(1).equals(stamp)
            && JarRecords.SHA256.matcher(lines.get(2)).matches()
        ? Optional.of(lines.get(2))
        : Optional.empty();
  }

  /** Remembers {@code sha256} for {@code jar} at {@code stamp}. */
  void remember(Path jar, String stamp, String sha256) {
    records.write(jar, JarRecords.key(jar), stamp, sha256);
  }
}
