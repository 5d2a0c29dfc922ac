package dev.dsh.host;

import dev.dsh.host.json.StatusJson.Leftover;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The threads unloaded plugins left running: threads whose context class loader is the plugin's,
 * whose class the plugin defined, or whose stack runs the plugin's code. Found when a plugin is
 * unloaded, reported in one line, and listed while they still run. Plugins are trusted code in the
 * host's JVM: the host cannot stop such a thread, only name it.
 */
final class LeftoverThreads {

  /** How long an unloaded plugin's threads get to end before they are reported, in ms. */
  private static final long GRACE_MILLIS = 1000;

  // Weak, so that a leftover thread that ends lets its plugin's class loader go.
  private record Left(String pluginId, WeakReference<Thread> thread) {}

  private final Consumer<String> events;
  private final List<Left> left = new ArrayList<>();

  LeftoverThreads(Consumer<String> events) {
    this.events = events;
  }

  /** Looks for threads of the plugin whose classes {@code loader} defined; call before unloading. */
  void check(String pluginId, ClassLoader loader) {
    List<Thread> found = leftBehind(loader);
    if (found.isEmpty()) {
      return;
    }
    synchronized (left) {
      left.removeIf(l -> l.thread().get() == null);
      found.forEach(thread -> left.add(new Left(pluginId, new WeakReference<>(thread))));
    }
    events.accept("plugin " + pluginId + " left " + found.size()
        + (found.size() == 1 ? " thread" : " threads") + " running: "
        + found.stream().map(Thread::getName).collect(Collectors.joining(", ")));
  }

  /** Those still running. */
  List<Leftover> running() {
    List<Leftover> out = new ArrayList<>();
    synchronized (left) {
      for (Left l : left) {
        Thread thread = l.thread().get();
        if (thread != null && thread.isAlive()) {
          out.add(new Leftover(l.pluginId(), thread.getName()));
        }
      }
    }
    return out;
  }

  /** The plugin's live threads, once each has had its share of the grace to end. */
  private static List<Thread> leftBehind(ClassLoader loader) {
    long end = System.nanoTime() + GRACE_MILLIS * 1_000_000;
    List<Thread> alive = new ArrayList<>();
    for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
      Thread thread = entry.getKey();
      if (thread == Thread.currentThread() || !belongs(thread, entry.getValue(), loader)) {
        continue;
      }
      try {
        thread.join(Math.max(1, (end - System.nanoTime()) / 1_000_000));
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
      if (frame.getModuleName() == null && !"app".equals(frame.getClassLoaderName())
          && definedBy(frame.getClassName(), loader)) {
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
