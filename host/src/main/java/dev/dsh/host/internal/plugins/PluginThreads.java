package dev.dsh.host.internal.plugins;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Finds the threads a plugin leaves running: threads whose context class loader is the plugin's,
 * whose class the plugin defined, or whose stack runs the plugin's code. Plugins are trusted code
 * in the host's JVM: the host cannot stop such a thread (nor a plugin's {@code System.exit}), only
 * name it.
 */
public final class PluginThreads {

  private PluginThreads() {}

  /**
   * The live threads of the plugin whose classes {@code loader} defined, once each has had its
   * share of {@code grace} to end (a plugin that stops its threads asynchronously is not blamed).
   * Call it while the loader is still open.
   */
  public static List<Thread> leftBehind(ClassLoader loader, Duration grace) {
    Objects.requireNonNull(loader, "loader");
    List<Thread> suspects = new ArrayList<>();
    for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
      Thread thread = entry.getKey();
      if (thread != Thread.currentThread() && thread.isAlive() && belongs(thread, entry.getValue(), loader)) {
        suspects.add(thread);
      }
    }
    long end = System.nanoTime() + grace.toNanos();
    List<Thread> alive = new ArrayList<>();
    for (Thread thread : suspects) {
      long left = end - System.nanoTime();
      try {
        if (left > 0) {
          thread.join(Math.max(1, left / 1_000_000));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (thread.isAlive()) {
        alive.add(thread);
      }
    }
    return alive;
  }

  private static boolean belongs(Thread thread, StackTraceElement[] stack, ClassLoader loader) {
    if (thread.getContextClassLoader() == loader || thread.getClass().getClassLoader() == loader) {
      return true;
    }
    for (StackTraceElement frame : stack) {
      // JDK and host frames come from named modules or the application loader: skip them fast
      if (frame.getModuleName() != null || "app".equals(frame.getClassLoaderName())) {
        continue;
      }
      if (definedBy(frame.getClassName(), loader)) {
        return true;
      }
    }
    return false;
  }

  private static boolean definedBy(String className, ClassLoader loader) {
    try {
      return Class.forName(className, false, loader).getClassLoader() == loader;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
