package dev.dsh.host.internal.runtime;

import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.LifecycleListener;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records every life-cycle event; also an ordered journal the tests append their own marks to. */
final class EventLog implements LifecycleListener {

  final List<LifecycleEvent> events = new CopyOnWriteArrayList<>();
  final List<String> journal = new CopyOnWriteArrayList<>();

  @Override
  public void onEvent(LifecycleEvent event) {
    events.add(event);
    journal.add(event.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + event.scopeId());
  }

  void mark(String line) {
    journal.add(line);
  }

  List<String> kindsOf(String scopeId) {
    return events.stream()
        .filter(e -> e.scopeId().equals(scopeId))
        .map(e -> e.kind().name())
        .toList();
  }
}
