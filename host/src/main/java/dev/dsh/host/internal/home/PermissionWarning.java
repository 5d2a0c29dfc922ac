package dev.dsh.host.internal.home;

import static java.nio.file.attribute.PosixFilePermission.GROUP_READ;
import static java.nio.file.attribute.PosixFilePermission.GROUP_WRITE;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_READ;
import static java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/** Warns, as ssh does, when a file of secrets is open to others; once per permissions seen. */
public final class PermissionWarning {

  private final String what;
  private final Path file;
  private final Consumer<String> warnings;
  private @Nullable Set<PosixFilePermission> warned; // guarded by this

  /** {@code what} names the file in the warning, such as {@code "credential store"}. */
  public PermissionWarning(String what, Path file, Consumer<String> warnings) {
    this.what = what;
    this.file = file;
    this.warnings = Objects.requireNonNull(warnings, "warnings");
  }

  /** Checks the file's permissions now; a missing or unreadable file says nothing. */
  public synchronized void check() {
    PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
    Set<PosixFilePermission> permissions;
    try {
      PosixFileAttributes attributes = view == null ? null : view.readAttributes();
      if (attributes == null || !attributes.isRegularFile()) {
        return; // the read that follows says what it is
      }
      permissions = attributes.permissions();
    } catch (IOException e) {
      return; // the read that follows reports it
    }
    boolean group = permissions.contains(GROUP_READ) || permissions.contains(GROUP_WRITE);
    boolean others = permissions.contains(OTHERS_READ) || permissions.contains(OTHERS_WRITE);
    if (!group && !others) {
      warned = null;
    } else if (!permissions.equals(warned)) {
      warned = Set.copyOf(permissions);
      String name = file.toString();
      String shellWord = name.matches("[A-Za-z0-9_./@%+=:,-]+")
          ? name : "'" + name.replace("'", "'\\''") + "'";
      warnings.accept("warning: " + what + " " + file + " is accessible by "
          + (group && others ? "its group and others" : group ? "its group" : "others")
          + " (permissions " + PosixFilePermissions.toString(permissions) + "); it holds secrets"
          + " and should be readable by you only: chmod 600 " + shellWord);
    }
  }
}
