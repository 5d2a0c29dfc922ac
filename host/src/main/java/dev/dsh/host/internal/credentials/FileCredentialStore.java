package dev.dsh.host.internal.credentials;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.home.HomeWrites;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.PermissionWarning;
import dev.dsh.host.model.CredentialStoreCorruptException;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local credential store: one JSON file (see {@link StoreFormat}) that several processes may
 * share, such as {@code dsh credentials set} while {@code dsh run} serves.
 *
 * <p><b>Reads</b> always reflect the file on disk. The parsed content is cached against the file's
 * {@link FileStamp}; because two writes can land within one tick of the file system's clock, the
 * cache is trusted only when it was read more than {@value #CLOCK_GRANULARITY_MS} ms after the
 * file's modification time — otherwise the bytes are read again and compared by digest.
 *
 * <p><b>Writes</b> are read-modify-write cycles guarded across processes by a lock on the sidecar
 * file {@code <store>.lock} and within the JVM by a monitor per store path (file locks are held per
 * process, so two stores on one file in one JVM would otherwise collide). The new content is
 * forced to disk and replaces the store atomically, owner-only ({@link OwnerOnlyFiles}). A corrupt
 * store is never written: the cycle fails before the write with {@link
 * CredentialStoreCorruptException}.
 *
 * <p>A store that is a <b>symbolic link</b> (to a file shared by several homes, say) is written
 * through: the lock, the temporary file and the atomic move happen beside the file the link ends
 * at, and the link stays a link.
 *
 * <p>A store its group or others can access is used, with a one-line warning and the {@code chmod
 * 600} that fixes it ({@link PermissionWarning}). A path that is a folder, or under a file, fails
 * with a {@link FileAccessException} naming it.
 *
 * <p>Values are never logged, put in a message or shown by {@link #toString()}.
 */
public final class FileCredentialStore {

  /** Generous bound on file-system timestamp granularity (FAT keeps 2 s). */
  static final long CLOCK_GRANULARITY_MS = 2_000;

  private static final Logger LOG = LoggerFactory.getLogger(FileCredentialStore.class);
  private static final Map<Path, Object> JVM_LOCKS = new ConcurrentHashMap<>();

  private final Path file;
  private final boolean syncWrites;
  private final StoreFile store;

  /**
   * A store kept in {@code file}; the file and its folders are created by the first write.
   * Warnings (a store others can read) go to the log.
   */
  public FileCredentialStore(Path file) {
    this(file, LOG::warn);
  }

  /**
   * @param warnings where one-line warnings go, such as a store others can read (stderr in the CLI)
   */
  public FileCredentialStore(Path file, Consumer<String> warnings) {
    this(file, true, warnings);
  }

  /**
   * @param syncWrites whether each write is forced to the storage device before it replaces the
   *     store; only tests that hammer the store turn it off, to stay fast
   */
  FileCredentialStore(Path file, boolean syncWrites) {
    this(file, syncWrites, LOG::warn);
  }

  private FileCredentialStore(Path file, boolean syncWrites, Consumer<String> warnings) {
    this.syncWrites = syncWrites;
    this.file = Objects.requireNonNull(file, "file").toAbsolutePath().normalize();
    if (this.file.getFileName() == null) {
      throw new IllegalArgumentException("the credential store must be a file, not a root folder");
    }
    this.store =
        new StoreFile(this.file, new PermissionWarning("credential store", this.file, warnings));
  }

  /** The store file. */
  public Path file() {
    return file;
  }

  /**
   * The stored value of {@code ref}, as the file holds it now.
   *
   * @throws CredentialStoreCorruptException when the file cannot be understood
   * @throws FileAccessException when the file cannot be read, naming the path and the reason
   */
  public Optional<String> read(CredentialRef ref) {
    return Optional.ofNullable(store.current().get(ref.name()));
  }

  /**
   * The names that have a value, sorted.
   *
   * @throws CredentialStoreCorruptException when the file cannot be understood
   * @throws FileAccessException when the file cannot be read, naming the path and the reason
   */
  public List<CredentialRef> refs() {
    return store.current().keySet().stream().map(CredentialRef::of).toList();
  }

  /**
   * Stores {@code value} (trimmed) for {@code ref}.
   *
   * @throws IllegalArgumentException when the trimmed value breaks {@link CredentialValues}' rule
   *     (empty, or not visible ASCII: what the providers could not send), or would make the store
   *     larger than the 1 MiB it may hold; the message gives the reason and never echoes the value
   * @throws CredentialStoreCorruptException when the file cannot be understood; it is left as is
   * @throws FileAccessException when the file cannot be written, naming the path and the reason
   */
  public void write(CredentialRef ref, String value) {
    Objects.requireNonNull(ref, "ref");
    String clean = Objects.requireNonNull(value, "value").trim();
    CredentialValues.problem(clean)
        .ifPresent(
            problem -> {
              throw new IllegalArgumentException(
                  "cannot store " + ref.name() + ": " + CredentialValues.explain(problem));
            });
    update(values -> !clean.equals(values.put(ref.name(), clean)));
  }

  /**
   * Removes the value of {@code ref}.
   *
   * @return whether a value was stored
   * @throws CredentialStoreCorruptException when the file cannot be understood; it is left as is
   * @throws FileAccessException when the file cannot be written, naming the path and the reason
   */
  public boolean remove(CredentialRef ref) {
    Objects.requireNonNull(ref, "ref");
    boolean[] removed = {false};
    update(
        values -> {
          removed[0] = values.remove(ref.name()) != null;
          return removed[0];
        });
    return removed[0];
  }

  @Override
  public String toString() {
    return "FileCredentialStore[" + file + "]";
  }

  /** One guarded read-modify-write cycle; {@code change} says whether it changed anything. */
  private void update(Predicate<SortedMap<String, String>> change) {
    Path target = file;
    try {
      target = LinkTargets.finalTarget(file);
      Path folder = target.getParent();
      if (target.equals(file)) {
        OwnerOnlyFiles.createFolder(folder); // a link's target folder is not ours to create
      }
      store.refuseFolder(target);
      Path key = folder.toRealPath().resolve(target.getFileName());
      Path lockFile = key.resolveSibling(key.getFileName() + ".lock");
      Object jvmLock = JVM_LOCKS.computeIfAbsent(key, k -> new Object());
      synchronized (jvmLock) {
        OwnerOnlyFiles.createFile(lockFile);
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
          FileLock lock = channel.lock(); // held until the new content is in place
          try {
            long readAt = System.currentTimeMillis();
            @Nullable FileStamp state = store.stat();
            byte[] content = store.readContent().orElse(new byte[0]);
            SortedMap<String, String> values =
                new TreeMap<>(store.remember(state, content, readAt));
            if (change.test(values)) {
              byte[] next = StoreFormat.render(values);
              if (next.length > StoreFile.MAX_BYTES) { // the store would not read back
                throw new IllegalArgumentException("cannot write the credential store " + file
                    + ": it would be " + next.length + " bytes, over the 1 MiB a store may hold");
              }
              long writtenAt = System.currentTimeMillis();
              OwnerOnlyFiles.replace(key, next, syncWrites);
              // Cached with the time before the write: trusted only once re-read after the tick.
              store.remember(store.stat(), next, writtenAt);
            }
          } finally {
            lock.release();
          }
        }
      }
    } catch (IOException e) {
      throw HomeWrites.failed(
          "cannot write the credential store " + file, e, target, FileAccessException.Kind.FILE);
    }
  }
}
