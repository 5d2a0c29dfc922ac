package dev.dsh.host.cli;

import dev.dsh.host.app.Host;
import dev.dsh.host.app.HostOptions;
import dev.dsh.host.files.FileAccessException;
import java.io.PrintStream;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;

/**
 * A host kept serving with hot reload, as {@code dsh run} and {@code dsh mcp} keep it: booted with
 * {@link Host#serve}, reloaded by a {@link Watcher} of the plugins folder and the profile files,
 * lifecycle and problem lines on {@code err}.
 */
final class ServingHost implements AutoCloseable {

  private final Host host;
  private final Watcher watcher;

  private ServingHost(Host host, Watcher watcher) {
    this.host = host;
    this.watcher = watcher;
  }

  /** Boots the host and starts watching. */
  static ServingHost start(HostOptions options, PrintStream err) {
    // The watcher's first snapshot is taken before the boot reads the files: a change made while
    // the host boots is seen by its first poll.
    AtomicReference<@Nullable Host> serving = new AtomicReference<>();
    Watcher watcher =
        new Watcher(
            options,
            () -> Objects.requireNonNull(serving.get(), "host").reload(),
            e -> err.println("dsh: reload failed: " + describe(e)));
    Host host = Host.serve(options, event -> err.println("dsh: " + event.describe()));
    serving.set(host);
    watcher.start();
    return new ServingHost(host, watcher);
  }

  /** A failure written for people (a home that cannot be written) is told as it is written. */
  private static String describe(RuntimeException e) {
    return e instanceof FileAccessException ? String.valueOf(e.getMessage()) : e.toString();
  }

  Host host() {
    return host;
  }

  /** Stops the watcher first, then disposes the host. */
  @Override
  public void close() {
    try {
      watcher.close();
    } finally {
      host.close();
    }
  }
}
