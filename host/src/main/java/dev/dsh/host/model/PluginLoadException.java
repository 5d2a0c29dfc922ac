package dev.dsh.host.model;

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

  /** A refusal of {@code file} (the jar as the caller named it) for the reason {@code detail}. */
  public PluginLoadException(Path file, String detail) {
    this(file, detail, null);
  }

  /** {@link #PluginLoadException(Path, String)} with the failure that caused it. */
  public PluginLoadException(Path file, String detail, @Nullable Throwable cause) {
    super(file + ": " + detail, cause);
    this.file = Objects.requireNonNull(file, "file");
  }

  /** The jar as the caller named it (not the cached copy). */
  public Path file() {
    return file;
  }
}
