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

  /** One provided service; a withdrawing one still answers lookups but no longer loads anyone. */
  static final class Entry {
    final ServiceKey<?> key;
    final Object service;
    final Scope provider;
    boolean withdrawing;

    Entry(ServiceKey<?> key, Object service, Scope provider) {
      this.key = key;
      this.service = service;
      this.provider = provider;
    }
  }

  private final Map<ServiceKey<?>, Entry> entries = new ConcurrentHashMap<>();

  Entry register(Scope provider, ServiceKey<?> key, Object service) {
    Entry existing = entries.get(key);
    if (existing != null) {
      throw new IllegalStateException("service \"" + key.name() + "\" is already provided by scope "
          + existing.provider.id() + "; scope " + provider.id() + " cannot provide it too");
    }
    Entry entry = new Entry(key, service, provider);
    entries.put(key, entry);
    return entry;
  }

  /** The service for {@code key}, withdrawing or not. */
  @Nullable Object lookup(ServiceKey<?> key) {
    Entry entry = entries.get(key);
    return entry == null ? null : entry.service;
  }

  /** True when every key has a provider that is not withdrawing. */
  boolean allPresent(Set<ServiceKey<?>> keys) {
    return keys.stream().allMatch(key -> entries.get(key) != null && !entries.get(key).withdrawing);
  }

  List<Entry> entriesOf(Scope provider) {
    return entries.values().stream().filter(e -> e.provider == provider).toList();
  }

  /** Removes {@code entry}, if it is still the registered one. */
  void remove(Entry entry) {
    entries.remove(entry.key, entry);
  }
}
