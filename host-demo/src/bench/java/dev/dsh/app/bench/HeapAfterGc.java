package dev.dsh.app.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The largest heap in use right after a collection, over the collections that happen while it
 * watches (the JVM's own, none forced): what the run keeps alive, without stopping it to look.
 */
final class HeapAfterGc implements AutoCloseable {

  private final Set<String> heapPools =
      ManagementFactory.getMemoryPoolMXBeans().stream()
          .filter(pool -> pool.getType() == MemoryType.HEAP)
          .map(MemoryPoolMXBean::getName)
          .collect(Collectors.toSet());
  private final AtomicLong max = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final NotificationListener listener = this::collected;

  private HeapAfterGc() {}

  static HeapAfterGc watch() {
    HeapAfterGc watch = new HeapAfterGc();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(watch.listener, null, null);
        watch.emitters.add(emitter);
      }
    }
    return watch;
  }

  /** The largest heap after a collection so far; 0 when none happened. */
  long max() {
    return max.get();
  }

  private void collected(Notification notification, Object handback) {
    if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
      return;
    }
    var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    long used =
        info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream()
            .filter(pool -> heapPools.contains(pool.getKey()))
            .mapToLong(pool -> pool.getValue().getUsed())
            .sum();
    max.accumulateAndGet(used, Math::max);
  }

  @Override
  public void close() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(listener);
      } catch (ListenerNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
