package dev.dsh.host;

import dev.dsh.host.internal.plugins.PluginThreads;
import dev.dsh.host.model.LeftoverThread;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The threads unloaded plugins left running (issue 10 item 5): found when a plugin is unloaded,
 * reported in one line, and listed while they still run.
 */
final class LeftoverThreads {

  /** How long an unloaded plugin's threads get to end before they are reported. */
  private static final Duration GRACE = Duration.ofSeconds(1);

  /** Weak, so that a leftover thread that ends lets its plugin's class loader go. */
  private record Left(String pluginId, WeakReference<Thread> thread) {}

  private final Consumer<String> events;
  private final List<Left> left = new ArrayList<>();

  LeftoverThreads(Consumer<String> events) {
    this.events = events;
  }

  /** Looks for threads of the plugin whose classes {@code loader} defined; call before unloading. */
  void check(String pluginId, ClassLoader loader) {
    List<Thread> found = PluginThreads.leftBehind(loader, GRACE);
    if (found.isEmpty()) {
      return;
    }
    synchronized (left) {
      left.removeIf(l -> l.thread().get() == null);
      found.forEach(thread -> left.add(new Left(pluginId, new WeakReference<>(thread))));
    }
    events.accept(
        "plugin " + pluginId + " left " + found.size()
            + (found.size() == 1 ? " thread" : " threads") + " running: "
            + found.stream().map(Thread::getName).collect(Collectors.joining(", ")));
  }

  /** Those still running. */
  List<LeftoverThread> running() {
    List<LeftoverThread> out = new ArrayList<>();
    synchronized (left) {
      for (Left l : left) {
        Thread thread = l.thread().get();
        if (thread != null && thread.isAlive()) {
          out.add(new LeftoverThread(l.pluginId(), thread.getName()));
        }
      }
    }
    return out;
  }
}
