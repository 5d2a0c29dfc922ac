package dev.dsh.host;

import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Polls the plugins folder and the profile files and calls {@code onChange} after any change.
 *
 * <p>The first snapshot is taken when the watcher is made, before the host boots: a change made
 * while the host boots is then seen by the first poll. Each call of {@code onChange} is answered
 * against the snapshot that triggered it, never one taken afterwards, so a change made while a
 * reload runs is seen by the next poll (at worst one extra reload that finds nothing to do).
 *
 * <p>Polling rather than {@code WatchService}: it behaves the same on every file system, sees a
 * file replaced by rename, and its cost (a few {@code stat} calls every {@value #PERIOD_MS} ms) is
 * nothing next to a search.
 */
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

  /**
   * Takes the first snapshot now.
   *
   * @param onChange called on the watcher's thread after a change; when it throws, the options'
   *     event sink is told and the watcher keeps polling
   */
  Watcher(HostOptions options, Runnable onChange) {
    Path profileDir = options.home().profile(options.profile());
    List<Path> watched = new ArrayList<>();
    watched.add(profileDir.resolve(ProfileSpec.FILE_NAME));
    watched.add(profileDir.resolve(ProfileComposer.PATCH_FILE));
    options.patch().ifPresent(watched::add);
    this.files = List.copyOf(watched);
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

  private void loop() {
    while (running) {
      try {
        TimeUnit.MILLISECONDS.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
      Map<Path, Optional<FileStamp>> now = snapshot();
      if (!now.equals(last) && running) {
        try {
          now = settled(now);
        } catch (InterruptedException e) {
          return;
        }
        last = now;
        try {
          onChange.run();
        } catch (RuntimeException e) {
          // One failed reload must not end hot reload for the rest of the session.
          // A failure written for people (a home that cannot be written) is told as written.
          events.accept("reload failed: "
              + (e instanceof FileAccessException ? String.valueOf(e.getMessage()) : e.toString()));
        }
      }
    }
  }

  /**
   * Waits until nothing changes for one period, so an editor that truncates a file and then writes
   * it, or a copy still in progress, is read once it is whole; gives up waiting after {@value
   * #SETTLE_LIMIT_MS} ms of continuous change.
   */
  private Map<Path, Optional<FileStamp>> settled(Map<Path, Optional<FileStamp>> changed)
      throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(SETTLE_LIMIT_MS);
    Map<Path, Optional<FileStamp>> previous = changed;
    while (System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(PERIOD_MS);
      Map<Path, Optional<FileStamp>> again = snapshot();
      if (again.equals(previous)) {
        return again;
      }
      previous = again;
    }
    return previous;
  }

  private Map<Path, Optional<FileStamp>> snapshot() {
    Map<Path, Optional<FileStamp>> stamps = new HashMap<>();
    files.forEach(file -> stamps.put(file, FileStamp.of(file)));
    if (Files.isDirectory(pluginsDir)) {
      try (DirectoryStream<Path> jars = Files.newDirectoryStream(pluginsDir, "*.jar")) {
        jars.forEach(jar -> stamps.put(jar, FileStamp.of(jar)));
      } catch (IOException e) {
        stamps.put(pluginsDir, Optional.empty()); // unreadable: a change when it is readable again
      }
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
