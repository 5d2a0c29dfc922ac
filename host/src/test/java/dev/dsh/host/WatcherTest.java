package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watcher behind {@code dsh run}'s hot reload. */
class WatcherTest {

  @TempDir Path home;

  @Test
  void aChangeMadeBeforeTheWatcherStartsIsSeenByItsFirstPoll() throws Exception {
    Semaphore calls = new Semaphore(0);
    try (Watcher watcher = new Watcher(options(line -> {}), calls::release)) {
      // As while the host boots: after the watcher's first snapshot, before it polls.
      writePatch("count: 20");
      watcher.start();

      assertThat(calls.tryAcquire(10, TimeUnit.SECONDS)).as("a reload for the change").isTrue();
    }
  }

  @Test
  void aSaveOfTheConsolesLayerIsSeenAsTheUsersIs() throws Exception {
    Semaphore calls = new Semaphore(0);
    try (Watcher watcher = new Watcher(options(line -> {}), calls::release)) {
      watcher.start();
      Files.createDirectories(home.resolve("profiles/default"));
      Files.writeString(home.resolve("profiles/default/console.patch.yml"), "[]\n");

      assertThat(calls.tryAcquire(10, TimeUnit.SECONDS)).as("a reload for the save").isTrue();
    }
  }

  @Test
  void aChangeMadeWhileAReloadRunsTriggersAnotherReload() throws Exception {
    Semaphore calls = new Semaphore(0);
    CountDownLatch firstReloadRunning = new CountDownLatch(1);
    CountDownLatch changedDuringReload = new CountDownLatch(1);
    AtomicInteger count = new AtomicInteger();
    Runnable reload =
        () -> {
          if (count.incrementAndGet() == 1) {
            firstReloadRunning.countDown();
            await(changedDuringReload);
          }
          calls.release();
        };
    try (Watcher watcher = new Watcher(options(line -> {}), reload)) {
      watcher.start();
      Files.createDirectories(home.resolve("plugins"));
      Files.writeString(home.resolve("plugins/a.jar"), "first");
      assertThat(firstReloadRunning.await(10, TimeUnit.SECONDS)).isTrue();

      writePatch("count: 30");
      changedDuringReload.countDown();

      assertThat(calls.tryAcquire(2, 10, TimeUnit.SECONDS)).as("a second reload").isTrue();
    }
  }

  @Test
  void aReloadThatThrowsIsReportedAndWatchingGoesOn() throws Exception {
    Semaphore failures = new Semaphore(0);
    AtomicInteger reloads = new AtomicInteger();
    Runnable reload =
        () -> {
          reloads.incrementAndGet();
          throw new IllegalStateException("boom");
        };
    try (Watcher watcher = new Watcher(options(line -> failures.release()), reload)) {
      watcher.start();
      writePatch("count: 20");
      assertThat(failures.tryAcquire(10, TimeUnit.SECONDS)).isTrue();

      writePatch("count: 40");

      assertThat(failures.tryAcquire(10, TimeUnit.SECONDS)).as("still watching").isTrue();
      assertThat(reloads).hasValue(2);
    }
  }

  @Test
  void aFileStillBeingWrittenIsReadOnceItStopsChanging() throws Exception {
    Path file = home.resolve("profiles/default/cordis.patch.yml");
    java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    Runnable reload =
        () -> {
          try {
            seen.add(Files.readString(file));
          } catch (IOException e) {
            seen.add("unreadable");
          }
        };
    try (Watcher watcher = new Watcher(options(line -> {}), reload)) {
      watcher.start();
      // An editor writing in pieces, for longer than two poll periods.
      for (int i = 1; i <= 10; i++) {
        writePatch("count: " + (i * 10 % 50 + 10));
        TimeUnit.MILLISECONDS.sleep(Watcher.PERIOD_MS / 3);
      }
      writePatch("count: 40");
      String whole = Files.readString(file);
      long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (seen.isEmpty() && System.nanoTime() < bound) {
        TimeUnit.MILLISECONDS.sleep(50);
      }
      TimeUnit.MILLISECONDS.sleep(Watcher.PERIOD_MS * 3);

      assertThat(seen).containsExactly(whole);
    }
  }

  private HostOptions options(java.util.function.Consumer<String> events) {
    return new HostOptions(
        new DshHome(home),
        "default",
        Optional.empty(),
        LaunchEnvironment.of(Map.of()),
        events);
  }

  /** Writes the user layer; each call writes other bytes at a later time, so each is a change. */
  private void writePatch(String config) throws IOException {
    Path file = home.resolve("profiles/default/cordis.patch.yml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "- id: web-search-yuanbao\n  config: {" + config + "}\n# " + System.nanoTime() + "\n");
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
