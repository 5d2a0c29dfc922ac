package dev.dsh.host;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.PermissionWarning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** A file that holds a secret: written owner-only and atomically, read capped, access checked. */
public final class SecretFile {

  private final Path file;
  private final int cap;
  private final PermissionWarning permissions;

  /** A file of at most {@code cap} bytes; {@code what} names it in warnings ("token file"). */
  public SecretFile(String what, Path file, int cap, Consumer<String> warnings) {
    this.file = file;
    this.cap = cap;
    this.permissions = new PermissionWarning(what, file, warnings);
  }

  /** Reads the file whole; {@code tooLarge} refuses one over the cap. */
  public byte[] read(Supplier<? extends RuntimeException> tooLarge) throws IOException {
    return CappedRead.read(Files.size(file), Files.newInputStream(file), cap,
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
