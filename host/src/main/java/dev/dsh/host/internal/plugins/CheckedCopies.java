package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.home.Sha256;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copies of plugin jars in {@code <home>/.cache/plugins} that passed {@link
 * JarEntries#checkAll}: a copy is written under a temporary name, checked, and only then moved in
 * under its own name, so a copy's existence is the check's verdict and a later start that finds
 * the copy of a jar's content loads it without inflating it again.
 *
 * <p>A copy is named {@code <plugin id>-<sha256>-<stamp>.jar}: its content's SHA-256, and the
 * {@link FileStamp#token() stamp} of the jar it was last taken from, so a start whose jar
 * is unchanged finds its copy by the stamp without reading the jar at all. Where the file system
 * gives no stamp the name has none, and each start hashes the jar to find its copy. One copy is
 * kept per plugin id: a new content's copy replaces the old ones once it loaded.
 */
final class CheckedCopies {

  /** A checked copy and what its name says; {@code stamp} is null in a name without one. */
  record Copy(Path file, String pluginId, String sha256, @Nullable String stamp) {}

  private static final Logger LOG = LoggerFactory.getLogger(CheckedCopies.class);
  private static final Pattern NAME =
      Pattern.compile("(?<id>.+)-(?<sha>[0-9a-f]{64})(?:-(?<stamp>[0-9a-f.]+))?\\.jar");

  private final Path dir;

  /** @param dir the folder of the copies, created on the first write */
  CheckedCopies(Path dir) {
    this.dir = dir;
  }

  /** The checked copies of the dsh home {@code home}: {@code <home>/.cache/plugins}. */
  static CheckedCopies of(Path home) {
    return new CheckedCopies(home.resolve(".cache").resolve("plugins"));
  }

  Path dir() {
    return dir;
  }

  /** The copy last taken from a jar with this stamp, if any. */
  Optional<Copy> withStamp(String stamp) {
    for (Copy copy : all()) {
      if (stamp.equals(copy.stamp())) {
        return Optional.of(copy);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the bytes {@code jar} holds passed the check: a copy was taken from it as it is now (its
   * stamp), else one of the same content from another jar, such as the jar a {@code plugin add}
   * installed from (the jar is hashed only when a copy has its size).
   */
  boolean passed(Path jar) {
    Optional<FileStamp> now = FileStamp.of(jar);
    if (now.map(FileStamp::token).flatMap(this::withStamp).isPresent()) {
      return true;
    }
    long size = now.map(FileStamp::size).orElse(-1L);
    return all().stream().anyMatch(copy -> FileStamp.of(copy.file()).filter(s -> s.size() == size)
        .isPresent()) && Sha256.ofFile(jar).flatMap(this::withContent).isPresent();
  }

  /** A copy of the content with this SHA-256, taken from whichever jar, if any. */
  Optional<Copy> withContent(String sha256) {
    return all().stream().filter(copy -> copy.sha256().equals(sha256)).findFirst();
  }

  /**
   * Names {@code file} — a checked temporary file or a copy found here — as the copy of this
   * content taken from the jar with {@code stamp} (null where there is none).
   *
   * @return the copy's path
   */
  Path keep(Path file, String pluginId, String sha256, @Nullable String stamp, Path jar) {
    Path target = dir.resolve(pluginId + "-" + sha256 + (stamp == null ? "" : "-" + stamp) + ".jar");
    if (target.equals(file)) {
      return target;
    }
    try {
      return Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new PluginLoadException(
          jar, "cannot place the copy at " + target + ": " + e, e);
    }
  }

  /** Deletes the copies of {@code pluginId} other than {@code kept}: contents it no longer has. */
  void dropOthers(String pluginId, Path kept) {
    for (Copy copy : all()) {
      if (copy.pluginId().equals(pluginId) && !copy.file().equals(kept)) {
        StableCopy.deleteQuietly(copy.file());
      }
    }
  }

  private List<Copy> all() {
    List<Copy> copies = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        Matcher name = NAME.matcher(file.getFileName().toString());
        if (name.matches()) {
          copies.add(new Copy(file, name.group("id"), name.group("sha"), name.group("stamp")));
        }
      }
    } catch (NoSuchFileException e) {
      return List.of();
    } catch (IOException e) {
      // Not finding a copy only costs the check again; writing into the folder reports a problem.
      LOG.debug("cannot list the plugin copies in {}: {}", dir, e.toString());
    }
    return copies;
  }
}
