package dev.dsh.host.internal.plugins;

import java.nio.file.Path;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A jar could not be loaded as a dsh plugin. The message names the file and why, ready for the
 * user; nothing was left loaded.
 */
public final class PluginLoadException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;

  PluginLoadException(Path file, String detail) {
    this(file, detail, null);
  }

  PluginLoadException(Path file, String detail, @Nullable Throwable cause) {
    super(file + ": " + detail, cause);
    this.file = Objects.requireNonNull(file, "file");
  }

  /** The jar as the caller named it (not the cached copy). */
  public Path file() {
    return file;
  }
}
