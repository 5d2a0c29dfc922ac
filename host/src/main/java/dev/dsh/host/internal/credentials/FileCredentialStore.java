package dev.dsh.host.internal.credentials;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.home.HomeWrites;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.PermissionWarning;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The local credential store: one JSON file ({@link StoreFormat}) that processes share, such as
 * {@code dsh credentials set} while {@code dsh run} serves. Each use reads the file (it holds at
 * most 1 MiB), so a value another process stored counts at once. A change reads, changes and
 * replaces the file whole (an owner-only temporary file, synced, moved into place) under a lock on
 * {@code <store>.lock}, which stays (deleting it after use would race), and a monitor per store
 * (file locks are held per process). A corrupt store is never written. A store that is a symbolic
 * link is written through, beside the file the link chain ends at; one its group or others can
 * access is used, with a warning ({@link PermissionWarning}). No message or {@link #toString()}
 * shows a value.
 */
public final class FileCredentialStore {

  static final int MAX_BYTES = 1 << 20;

  private static final Map<Path, Object> JVM_LOCKS = new ConcurrentHashMap<>();

  private final Path file;
  private final boolean syncWrites;
  private final PermissionWarning permissions;

  /**
   * A store in {@code file}, made by the first write.
   *
   * @param warnings where one-line warnings go (stderr, in the CLI)
   */
  public FileCredentialStore(Path file, Consumer<String> warnings) {
    this(file, true, warnings);
  }

  /** @param syncWrites off only for tests that hammer the store */
  FileCredentialStore(Path file, boolean syncWrites, Consumer<String> warnings) {
    this.file = file.toAbsolutePath().normalize();
    if (this.file.getFileName() == null) {
      throw new IllegalArgumentException("the credential store must be a file, not a root folder");
    }
    this.syncWrites = syncWrites;
    this.permissions = new PermissionWarning("credential store", this.file, warnings);
  }

  public Path file() {
    return file;
  }

  /**
   * The value stored for {@code ref} now.
   *
   * @throws FileAccessException when the file cannot be understood
   * @throws FileAccessException when it cannot be read, naming the path and the reason
   */
  public Optional<String> read(CredentialRef ref) {
    return Optional.ofNullable(values().get(ref.name()));
  }

  /** The names that have a value, sorted; throws as {@link #read} does. */
  public List<CredentialRef> refs() {
    return values().keySet().stream().map(CredentialRef::of).toList();
  }

  /**
   * Stores {@code value}, trimmed.
   *
   * @throws IllegalArgumentException when it breaks {@link CredentialValues}' rule, or would take
   *     the store over 1 MiB; the message never holds the value
   * @throws FileAccessException when the file cannot be understood; it is kept as is
   * @throws FileAccessException when the file cannot be written, naming the path and the reason
   */
  public void write(CredentialRef ref, String value) {
    String clean = value.trim();
    CredentialValues.problem(clean).ifPresent(problem -> {
      throw new IllegalArgumentException(
          "cannot store " + ref.name() + ": " + CredentialValues.explain(problem));
    });
    update(values -> !clean.equals(values.put(ref.name(), clean)));
  }

  /** Removes the value of {@code ref}; whether one was stored. Throws as {@link #write} does. */
  public boolean remove(CredentialRef ref) {
    boolean[] removed = {false};
    update(values -> removed[0] = values.remove(ref.name()) != null);
    return removed[0];
  }

  @Override
  public String toString() {
    return "FileCredentialStore[" + file + "]";
  }

  private SortedMap<String, String> values() {
    permissions.check();
    return content(file).map(bytes -> StoreFormat.parse(file, bytes)).orElseGet(TreeMap::new);
  }

  private Optional<byte[]> content(Path path) {
    try {
      refuseFolder(path);
      return Optional.of(CappedRead.read(Files.size(path), () -> Files.newInputStream(path),
          MAX_BYTES, size -> FileAccessException.corruptStore(file, "it is too large ("
              + (size >= 0 ? size : "more than " + MAX_BYTES) + " bytes), and a store may be at"
              + " most 1 MiB (" + MAX_BYTES + " bytes); it was not read")));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw FileProblems.failed(
          "cannot read the credential store " + file, e, file, FileAccessException.Kind.FILE);
    }
  }

  private void refuseFolder(Path path) {
    if (Files.isDirectory(path)) {
      throw new FileAccessException("credential store " + file
          + (path.equals(file) ? "" : " (a link to " + path + ")") + " is a folder, not a file;"
          + " remove it, or point the credentials row's store at a file");
    }
  }

  /** One read-modify-write; {@code change} says whether it changed anything. */
  private void update(Predicate<SortedMap<String, String>> change) {
    Path target = file;
    try {
      target = linkTarget(file);
      if (target.equals(file)) {
        OwnerOnlyFiles.createFolder(target.getParent()); // a link's target folder is not ours
      }
      refuseFolder(target);
      Path key = target.getParent().toRealPath().resolve(target.getFileName());
      Path lockFile = key.resolveSibling(key.getFileName() + ".lock");
      synchronized (JVM_LOCKS.computeIfAbsent(key, k -> new Object())) {
        OwnerOnlyFiles.createFile(lockFile);
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
            FileLock lock = channel.lock()) {
          SortedMap<String, String> values = new TreeMap<>(
              content(key).map(bytes -> StoreFormat.parse(file, bytes)).orElseGet(TreeMap::new));
          if (change.test(values)) {
            byte[] next = StoreFormat.render(values);
            if (next.length > MAX_BYTES) { // it would not read back
              throw new IllegalArgumentException("cannot write the credential store " + file
                  + ": it would be " + next.length + " bytes, over the 1 MiB a store may hold");
            }
            OwnerOnlyFiles.replace(key, next, syncWrites);
          }
        }
      }
    } catch (IOException e) {
      throw HomeWrites.failed(
          "cannot write the credential store " + file, e, target, FileAccessException.Kind.FILE);
    }
  }

  /** The file a chain of symbolic links ends at, which may not exist yet. */
  private static Path linkTarget(Path path) throws IOException {
    Path current = path;
    for (int hops = 0; Files.isSymbolicLink(current); hops++) {
      if (hops == 40) { // as many as Linux follows before ELOOP
        throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
      }
      current = current.toAbsolutePath().getParent().resolve(Files.readSymbolicLink(current));
    }
    return current;
  }
}
