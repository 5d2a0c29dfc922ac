package dev.dsh.host;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.PermissionWarning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A file that holds a secret, such as a server's token: written owner-only and atomically, read
 * whole up to a cap; its permissions checked, with one warning ({@code chmod 600}) for each set seen
 * that lets its group or others in.
 */
public final class SecretFile {

  private final Path file;
  private final int cap;
  private final PermissionWarning permissions;

  /**
   * @param what what the file is, as the warning names it, such as {@code "token file"}
   * @param cap the most bytes it may hold
   * @param warnings where the permission warning goes
   */
  public SecretFile(String what, Path file, int cap, Consumer<String> warnings) {
    this.file = file;
    this.cap = cap;
    this.permissions = new PermissionWarning(what, file, warnings);
  }

  /**
   * Reads the file whole.
   *
   * @param tooLarge the refusal of a file over the cap
   * @throws java.nio.file.NoSuchFileException when there is no such file
   */
  public byte[] read(Supplier<? extends RuntimeException> tooLarge) throws IOException {
    return CappedRead.read(Files.size(file), () -> Files.newInputStream(file), cap,
        size -> tooLarge.get());
  }

  /** Warns when the file's group or others can read or write it; a missing file says nothing. */
  public void checkPermissions() {
    permissions.check();
  }

  /** Makes {@code file} hold {@code content}: owner-only, atomically, forced to the device. */
  public static void write(Path file, byte[] content) throws IOException {
    OwnerOnlyFiles.createFolder(file.getParent());
    OwnerOnlyFiles.replace(file, content);
  }
}
