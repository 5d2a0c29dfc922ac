package dev.dsh.host.internal.credentials;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.home.PermissionWarning;
import dev.dsh.host.internal.home.Sha256;
import dev.dsh.host.model.CredentialStoreCorruptException;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Reads the credential store's file for {@link FileCredentialStore}: its bytes, its state on disk
 * and the parsed values, cached against that state (see the store's Javadoc for when the cache is
 * trusted). Never holds or shows a value outside the cache.
 */
final class StoreFile {

  /** The largest store read or written: 1 MiB, thousands of times a real one (a few keys). */
  static final int MAX_BYTES = 1 << 20;

  private final Path file;
  private final PermissionWarning permissions;
  private @Nullable StoreSnapshot cache; // guarded by this

  StoreFile(Path file, PermissionWarning permissions) {
    this.file = file;
    this.permissions = permissions;
  }

  /** The values the file holds now. */
  synchronized SortedMap<String, String> current() {
    permissions.check();
    long readAt = System.currentTimeMillis();
    @Nullable FileStamp state = stat();
    StoreSnapshot cached = cache;
    if (cached != null && Objects.equals(cached.state(), state) && cached.trusted()) {
      return cached.values();
    }
    Optional<byte[]> content = readContent();
    if (content.isEmpty()) {
      cache = null; // removed since the stat; the next read settles the cache
      return new TreeMap<>();
    }
    return remember(state, content.get(), readAt);
  }

  /** Caches {@code content} as the file's content in {@code state}; parses only what changed. */
  synchronized SortedMap<String, String> remember(
      @Nullable FileStamp state, byte[] content, long readAt) {
    String digest = Sha256.of(content);
    StoreSnapshot cached = cache;
    SortedMap<String, String> values =
        cached != null && cached.digest().equals(digest)
            ? cached.values()
            : StoreFormat.parse(file, content);
    cache = new StoreSnapshot(state, digest, values, readAt);
    return values;
  }

  /**
   * The file's bytes; empty when there is no file.
   *
   * @throws CredentialStoreCorruptException when the file is over {@link #MAX_BYTES}; none is read
   */
  Optional<byte[]> readContent() {
    try {
      refuseFolder(file);
      return Optional.of(CappedRead.read(Files.size(file), () -> Files.newInputStream(file),
          MAX_BYTES, size -> new CredentialStoreCorruptException(file, "it is too large ("
              + (size >= 0 ? size : "more than " + MAX_BYTES) + " bytes), and a store may be at"
              + " most 1 MiB (" + MAX_BYTES + " bytes); it was not read")));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw readFailed(e);
    }
  }

  void refuseFolder(Path path) {
    if (Files.isDirectory(path)) {
      throw new FileAccessException(
          "credential store "
              + file
              + (path.equals(file) ? "" : " (a link to " + path + ")")
              + " is a folder, not a file; remove it, or point the credentials row's store at a"
              + " file");
    }
  }

  private FileAccessException readFailed(IOException e) {
    return FileProblems.failed(
        "cannot read the credential store " + file, e, file, FileAccessException.Kind.FILE);
  }

  @Nullable FileStamp stat() {
    try {
      return FileStamp.read(file);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw readFailed(e);
    }
  }
}
