package dev.dsh.api;

import java.security.AccessController;
import java.security.PrivilegedAction;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon thread behind {@link AbortSignal#timeout}.
 *
 * <p>The thread is created inside a privileged block with this API's class loader as its context
 * loader, so it never inherits (and pins) the protection domain or loader of a plugin whose code
 * happened to trigger its creation.
 */
final class AbortTimer {

  private static final ScheduledThreadPoolExecutor TIMER = create();

  private AbortTimer() {}

  static void schedule(AbortController controller, Duration delay, Throwable reason) {
    TIMER.schedule(() -> controller.abort(reason), delay.toNanos(), TimeUnit.NANOSECONDS);
  }

  @SuppressWarnings("removal") // the only way on 17 to keep a plugin's domain out of the thread
  private static ScheduledThreadPoolExecutor create() {
    ClassLoader apiLoader = AbortTimer.class.getClassLoader();
    ScheduledThreadPoolExecutor executor =
        new ScheduledThreadPoolExecutor(
            1,
            task ->
                AccessController.doPrivileged(
                    (PrivilegedAction<Thread>)
                        () -> {
                          Thread thread = new Thread(task, "dsh-abort-timer");
                          thread.setDaemon(true);
                          thread.setContextClassLoader(apiLoader);
                          return thread;
                        }));
    executor.setRemoveOnCancelPolicy(true);
    executor.prestartAllCoreThreads();
    return executor;
  }
}
