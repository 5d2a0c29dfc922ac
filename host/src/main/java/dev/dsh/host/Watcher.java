package dev.dsh.host;

import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.plugins.PluginJar;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.model.FileAccessException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/** Polls the plugins and profile files: unlike {@code WatchService}, alike on every file system. */
final class Watcher implements AutoCloseable {

  static final long PERIOD_MS = 250;
  /** How long a run of changes may go on before the watcher reloads anyway. */
  static final long SETTLE_LIMIT_MS = 2_000;

  private final List<Path> files;
  private final Path pluginsDir;
  private final Runnable onChange;
  private final Consumer<String> events;
  private final Thread thread;
  private Map<Path, Optional<FileStamp>> last;
  private volatile boolean running = true;

  /** @param onChange run on the watcher's thread; a failure is told to the event sink */
  Watcher(HostOptions options, Runnable onChange) {
    Path profileDir = options.home().profile(options.profile());
    this.files = Stream.concat(Stream.of(ProfileSpec.FILE_NAME, ProfileComposer.PATCH_FILE,
        ProfileComposer.CONSOLE_FILE).map(profileDir::resolve), options.patch().stream()).toList();
    this.pluginsDir = options.home().plugins();
    this.onChange = onChange;
    this.events = options.events();
    this.last = snapshot();
    this.thread = new Thread(this::loop, "dsh-watcher");
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  /** Reloads once the files stop changing for a period: a file being written is read whole. */
  private void loop() {
    Map<Path, Optional<FileStamp>> previous = last;
    long changingSince = 0;
    try {
      while (running) {
        TimeUnit.MILLISECONDS.sleep(PERIOD_MS);
        Map<Path, Optional<FileStamp>> now = snapshot();
        if (!now.equals(previous)) {
          changingSince = previous.equals(last) ? System.nanoTime() : changingSince;
          previous = now;
          if (System.nanoTime() - changingSince < TimeUnit.MILLISECONDS.toNanos(SETTLE_LIMIT_MS)) {
            continue;
          }
        }
        if (!now.equals(last) && running) {
          last = now;
          try {
            onChange.run();
          } catch (RuntimeException e) {
            // One failed reload must not end hot reload; a failure written for people is told so.
            events.accept("reload failed: "
                + (e instanceof FileAccessException ? e.getMessage() : e.toString()));
          }
        }
      }
    } catch (InterruptedException e) {
      // closed
    }
  }

  private Map<Path, Optional<FileStamp>> snapshot() {
    Map<Path, Optional<FileStamp>> stamps = new HashMap<>();
    files.forEach(file -> stamps.put(file, FileStamp.of(file)));
    try {
      PluginJar.jarsIn(pluginsDir).forEach(jar -> stamps.put(jar, FileStamp.of(jar)));
    } catch (FileAccessException e) {
      stamps.put(pluginsDir, Optional.empty()); // unreadable: a change when it is readable again
    }
    return stamps;
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(10));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
