package dev.dsh.host.model;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/** A jar could not be loaded as a dsh plugin; the message names the file and why. */
public final class PluginLoadException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient Path file;

  public PluginLoadException(Path file, String detail) {
    this(file, detail, null);
  }

  public PluginLoadException(Path file, String detail, @Nullable Throwable cause) {
    super(file + ": " + detail, cause);
    this.file = file;
  }

  /** The jar as the caller named it. */
  public Path file() {
    return file;
  }
}
