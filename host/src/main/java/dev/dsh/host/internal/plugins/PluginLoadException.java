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

  /** Why a jar was refused. */
  public enum Reason {
    /** The file does not exist or is not a regular file. */
    NOT_FOUND,
    /** The file kept changing size: it is still being written. */
    STILL_WRITTEN,
    /** The file is not a readable jar (truncated, bad zip structure or CRC). */
    CORRUPT,
    /** A readable jar that is not a dsh plugin: no manifest, no Plugin-Id, no extension index. */
    NOT_A_PLUGIN,
    /** An entry, or the whole jar unpacked, is over the host's size limits (a zip bomb). */
    TOO_LARGE,
    /**
     * It bundles classes the host provides ({@code dev.dsh.api}, PF4J, SLF4J, Jackson), which would
     * split their identity between host and plugin.
     */
    BUNDLES_HOST_CLASSES,
    /** Its {@code Plugin-Requires} does not accept this host's version. */
    INCOMPATIBLE,
    /** A plugin with the same id is already loaded. */
    ALREADY_LOADED,
    /** PF4J refused it, or its start or its {@code dev.dsh.api.Plugin} extension failed. */
    FAILED,
    /** Reading or copying the file failed. */
    IO
  }

  private final transient Path file;
  private final Reason reason;

  PluginLoadException(Path file, Reason reason, String detail) {
    this(file, reason, detail, null);
  }

  PluginLoadException(Path file, Reason reason, String detail, @Nullable Throwable cause) {
    super(file + ": " + detail, cause);
    this.file = Objects.requireNonNull(file, "file");
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  /** The jar as the caller named it (not the cached copy). */
  public Path file() {
    return file;
  }

  public Reason reason() {
    return reason;
  }
}
