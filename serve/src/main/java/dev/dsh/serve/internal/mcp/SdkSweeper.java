package dev.dsh.serve.internal.mcp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import reactor.core.scheduler.Schedulers;

/**
 * SDK 2.1.0's session transport sweeps idle sessions on a Reactor scheduler of its own ({@code
 * Schedulers.newSingle}, a non-daemon thread) that its {@code closeGracefully} never disposes: each
 * server closed would leave that thread running, and an embedder's JVM would not exit. This keeps
 * the executor Reactor makes for that scheduler while the transport is built, to shut it down at
 * close.
 */
final class SdkSweeper {

  private static final String SWEEPER = "session-sweeper";

  private final List<ScheduledExecutorService> executors = new CopyOnWriteArrayList<>();

  /** {@code build}'s value, the sweeper's executor kept; the hook is removed before it returns. */
  <T> T building(Supplier<T> build) {
    String key = SdkSweeper.class.getName() + "@" + System.identityHashCode(this);
    Schedulers.addExecutorServiceDecorator(key, (scheduler, executor) -> {
      if (scheduler.toString().contains(SWEEPER)) {
        executors.add(executor);
      }
      return executor;
    });
    try {
      return build.get();
    } finally {
      Schedulers.removeExecutorServiceDecorator(key);
    }
  }

  /** Ends the sweeper's thread; after the transport has closed. */
  void stop() {
    executors.forEach(ScheduledExecutorService::shutdownNow);
  }
}
