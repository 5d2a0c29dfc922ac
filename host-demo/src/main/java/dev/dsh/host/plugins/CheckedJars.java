package dev.dsh.host.plugins;

import java.nio.file.Path;
import java.util.List;

/**
 * The SHA-256 of the last content of each plugin jar path that passed {@link JarEntries#checkAll},
 * so a start whose jar is unchanged does not inflate the whole jar again (5-6 % of a one-shot
 * search's JFR samples). One small text file per jar path under {@code <home>/.cache/plugin-checked},
 * holding that hash: a path keeps one record however many versions it had.
 *
 * <p>The hash compared is the one {@link StableCopy} gives the copy: computed over the copied
 * bytes, or remembered by the jar's stamp ({@link JarHashes}), so a jar changed in any way has
 * another hash and is checked again. A missing, unreadable or foreign record is a miss ({@link
 * JarRecords}).
 */
final class CheckedJars {

  private final JarRecords records;

  /** @param dir the folder of the records, created on the first write */
  CheckedJars(Path dir) {
    this.records = new JarRecords(dir);
  }

  /** Whether {@code jar}'s content with this SHA-256 (lower-case hex) passed the check before. */
  boolean contains(Path jar, String sha256) {
    return JarRecords.SHA256.matcher(sha256).matches() && records.read(jar).equals(List.of(sha256));
  }

  /** Remembers that {@code jar}'s content with this SHA-256 passed the check. */
  void remember(Path jar, String sha256) {
    if (JarRecords.SHA256.matcher(sha256).matches()) {
      records.write(jar, sha256);
    }
  }
}
