package dev.dsh.host.internal.home;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Warns, as ssh does for a private key, when a file of secrets (the credential store, the serve
 * token) can be read or written by its group or by others, with the {@code chmod 600} that fixes
 * it. Said once for each set of permissions seen, so a server does not repeat it on every request;
 * said again if the permissions change. Nothing is said where the file system has no POSIX
 * permissions.
 */
public final class PermissionWarning {

  private static final Set<PosixFilePermission> TOO_OPEN =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE);

  private final String what;
  private final Path file;
  private final Consumer<String> warnings;
  private @Nullable Set<PosixFilePermission> warned; // guarded by this

  /**
   * A warning for {@code file}, said by {@link #check()}.
   *
   * @param what what the file is, as the warning names it, such as {@code "credential store"}
   * @param file the file as the user named it (a link is followed, the warning names the link)
   * @param warnings where the one-line warning goes (stderr, in the CLI)
   */
  public PermissionWarning(String what, Path file, Consumer<String> warnings) {
    this.what = what;
    this.file = file;
    this.warnings = Objects.requireNonNull(warnings, "warnings");
  }

  /** Checks the file's permissions now; a missing or unreadable file says nothing. */
  public synchronized void check() {
    PosixFileAttributeView view = Files.getFileAttributeView(file, PosixFileAttributeView.class);
    if (view == null) {
      return;
    }
    Set<PosixFilePermission> permissions;
    try {
      PosixFileAttributes attributes = view.readAttributes();
      if (!attributes.isRegularFile()) {
        return; // the read that follows says what it is
      }
      permissions = attributes.permissions();
    } catch (IOException e) {
      return; // the read that follows reports it
    }
    Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
    open.addAll(permissions);
    open.retainAll(TOO_OPEN);
    if (open.isEmpty()) {
      warned = null;
      return;
    }
    if (permissions.equals(warned)) {
      return;
    }
    warned = Set.copyOf(permissions);
    warnings.accept(message(permissions, open));
  }

  private String message(Set<PosixFilePermission> permissions, Set<PosixFilePermission> open) {
    boolean group =
        open.contains(PosixFilePermission.GROUP_READ) || open.contains(PosixFilePermission.GROUP_WRITE);
    boolean others =
        open.contains(PosixFilePermission.OTHERS_READ)
            || open.contains(PosixFilePermission.OTHERS_WRITE);
    String who = group && others ? "its group and others" : group ? "its group" : "others";
    return "warning: "
        + what
        + " "
        + file
        + " is accessible by "
        + who
        + " (permissions "
        + PosixFilePermissions.toString(permissions)
        + "); it holds secrets and should be readable by you only: chmod 600 "
        + shellWord(file.toString());
  }

  /** {@code text} as one shell word: as is when plain, else in single quotes. */
  private static String shellWord(String text) {
    if (text.matches("[A-Za-z0-9_./@%+=:,-]+")) {
      return text;
    }
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
