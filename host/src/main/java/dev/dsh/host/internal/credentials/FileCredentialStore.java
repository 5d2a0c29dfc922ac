package dev.dsh.host.internal.credentials;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.PermissionWarning;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
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
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The local credential store, one JSON file processes share, read at each use. A change replaces
 * it whole under a lock on {@code <store>.lock}, which stays (deleting it would race), and a
 * monitor (file locks are per process). A corrupt store is never written, and never quoted.
 */
public final class FileCredentialStore {

  static final int MAX_BYTES = 1 << 20;
  private static final int VERSION = 1;

  private static final Map<Path, Object> JVM_LOCKS = new ConcurrentHashMap<>();

  private final Path file;
  private final PermissionWarning permissions;

  /** A store in {@code file}, made by the first write; one-line warnings go to {@code warnings}. */
  public FileCredentialStore(Path file, Consumer<String> warnings) {
    this.file = file.toAbsolutePath().normalize();
    if (this.file.getFileName() == null) {
      throw new IllegalArgumentException("the credential store must be a file, not a root folder");
    }
    this.permissions = new PermissionWarning("credential store", this.file, warnings);
  }

  public Path file() {
    return file;
  }

  /** The value stored for {@code ref} now; a {@link FileAccessException} when unreadable. */
  public Optional<String> read(CredentialRef ref) {
    return Optional.ofNullable(values().get(ref.name()));
  }

  /** The names that have a value, sorted; throws as {@link #read} does. */
  public List<CredentialRef> refs() {
    return values().keySet().stream().map(CredentialRef::of).toList();
  }

  /** Stores {@code value}, trimmed; refused, never quoted, when {@link CredentialValues} says. */
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

  private SortedMap<String, String> values() {
    permissions.check();
    return content(file).map(this::parse).orElseGet(TreeMap::new);
  }

  private Optional<byte[]> content(Path path) {
    try {
      refuseFolder(path);
      return Optional.of(CappedRead.read(Files.size(path), Files.newInputStream(path),
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
              content(key).map(this::parse).orElseGet(TreeMap::new));
          if (change.test(values)) {
            ObjectNode root = Json.MAPPER.createObjectNode().put("version", VERSION);
            values.forEach(root.putObject("credentials")::put);
            byte[] next = (root.toPrettyString() + "\n").getBytes(StandardCharsets.UTF_8);
            if (next.length > MAX_BYTES) { // it would not read back
              throw new IllegalArgumentException("cannot write the credential store " + file
                  + ": it would be " + next.length + " bytes, over the 1 MiB a store may hold");
            }
            OwnerOnlyFiles.replace(key, next);
          }
        }
      }
    } catch (IOException e) {
      throw FileProblems.writeFailed(
          "cannot write the credential store " + file, e, target, FileAccessException.Kind.FILE);
    }
  }

  private SortedMap<String, String> parse(byte[] content) {
    SortedMap<String, String> values = new TreeMap<>();
    if (new String(content, StandardCharsets.UTF_8).isBlank()) {
      return values;
    }
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(content);
    } catch (JacksonException e) {
      TokenStreamLocation at = e.getLocation();
      throw FileAccessException.corruptStore(file, "it is not valid JSON" + (at == null
          || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ", column "
          + at.getColumnNr() + ")"));
    }
    JsonNode version = root == null ? null : root.get("version");
    JsonNode credentials = root == null ? null : root.path("credentials");
    String wrong = root == null || !root.isObject() ? "its top level is not a JSON object"
        : version == null || !version.isIntegralNumber() ? "it has no integer \"version\""
        : version.asInt() != VERSION ? "its format version is " + version.asInt()
            + " and this dsh reads version " + VERSION + " only"
        : !credentials.isObject() && !credentials.isMissingNode() && !credentials.isNull()
            ? "its \"credentials\" is not a JSON object"
        : null;
    if (wrong != null) {
      throw FileAccessException.corruptStore(file, wrong);
    }
    int position = 0;
    for (Map.Entry<String, JsonNode> entry : credentials.properties()) {
      position++;
      if (!CredentialRef.NAME.matcher(entry.getKey()).matches()) {
        // Not echoed: a value pasted in the name's place must not be printed.
        throw FileAccessException.corruptStore(
            file, "entry " + position + " of \"credentials\" has an invalid name");
      }
      if (!entry.getValue().isString()) {
        throw FileAccessException.corruptStore(
            file, "the value of " + entry.getKey() + " is not a JSON string");
      }
      String value = entry.getValue().stringValue().trim();
      if (!value.isEmpty()) {
        values.put(entry.getKey(), value);
      }
    }
    return values;
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
