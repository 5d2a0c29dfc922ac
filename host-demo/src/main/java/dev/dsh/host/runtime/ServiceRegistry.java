package dev.dsh.host.runtime;

import dev.dsh.api.Scope;
import dev.dsh.api.ServiceKey;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The services of one runtime, by key. Written on the runtime thread only; looked up from any
 * thread (a search never waits for the runtime thread).
 */
final class ServiceRegistry {

  /** One provided service; compared by identity, so an old handle never removes a newer one. */
  record Entry(ServiceKey<?> key, Object service, Scope provider) {}

  private final Map<ServiceKey<?>, Entry> entries = new ConcurrentHashMap<>();

  Entry register(Scope provider, ServiceKey<?> key, Object service) {
    Entry entry = new Entry(key, service, provider);
    Entry existing = entries.putIfAbsent(key, entry);
    if (existing != null) {
      throw new IllegalStateException("service \"" + key.name() + "\" is already provided by scope "
          + existing.provider().id() + "; scope " + provider.id() + " cannot provide it too");
    }
    return entry;
  }

  @Nullable Object lookup(ServiceKey<?> key) {
    Entry entry = entries.get(key);
    return entry == null ? null : entry.service();
  }

  boolean allPresent(Set<ServiceKey<?>> keys) {
    return entries.keySet().containsAll(keys);
  }

  List<Entry> entriesOf(Scope provider) {
    return entries.values().stream().filter(e -> e.provider() == provider).toList();
  }

  /** Removes {@code entry} if it is still the registered one; true when it was. */
  boolean remove(Entry entry) {
    return entries.get(entry.key()) == entry && entries.remove(entry.key()) != null;
  }
}
