package dev.dsh.host.runtime;

import dev.dsh.api.ServiceKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The services of one runtime, by key. One registry serves the whole tree.
 *
 * <p>Guarded by the runtime's monitor; {@link #withdraw} takes it itself because it waits for
 * dependents in between.
 */
final class ServiceRegistry {

  /** One provided service. A withdrawing entry still answers lookups but no longer loads anyone. */
  static final class Entry {
    final ServiceKey<?> key;
    final Object service;
    final ScopeNode provider;
    boolean withdrawing;

    Entry(ServiceKey<?> key, Object service, ScopeNode provider) {
      this.key = key;
      this.service = service;
      this.provider = provider;
    }
  }

  private final RuntimeCore core;
  private final Map<ServiceKey<?>, Entry> entries = new HashMap<>();

  ServiceRegistry(RuntimeCore core) {
    this.core = core;
  }

  /** Registers {@code service}; the caller holds the monitor and has checked the context. */
  Entry register(ScopeNode provider, ServiceKey<?> key, Object service) {
    Entry existing = entries.get(key);
    if (existing != null) {
      throw new IllegalStateException(
          "service \""
              + key.name()
              + "\" is already provided by scope "
              + existing.provider.id()
              + "; scope "
              + provider.id()
              + " cannot provide it too");
    }
    Entry entry = new Entry(key, service, provider);
    entries.put(key, entry);
    return entry;
  }

  /** The service for {@code key}, withdrawing or not; the caller holds the monitor. */
  @Nullable Object lookup(ServiceKey<?> key) {
    Entry entry = entries.get(key);
    return entry == null ? null : entry.service;
  }

  /** True when every key has a provider that is not withdrawing; the caller holds the monitor. */
  boolean allPresent(Set<ServiceKey<?>> keys) {
    for (ServiceKey<?> key : keys) {
      Entry entry = entries.get(key);
      if (entry == null || entry.withdrawing) {
        return false;
      }
    }
    return true;
  }

  /** The number of registered services; the caller holds the monitor. */
  int size() {
    return entries.size();
  }

  /** The services {@code provider} has registered; the caller holds the monitor. */
  List<Entry> entriesOf(ScopeNode provider) {
    List<Entry> found = new ArrayList<>();
    for (Entry entry : entries.values()) {
      if (entry.provider == provider) {
        found.add(entry);
      }
    }
    return found;
  }

  /**
   * Withdraws {@code entry}: first every scope requiring its key is unloaded (it can still look the
   * service up while releasing), then the key is removed. Called without the monitor held.
   */
  void withdraw(Entry entry) {
    unloadDependents(entry);
    synchronized (core.monitor()) {
      entries.remove(entry.key, entry);
    }
  }

  /**
   * Marks {@code entry} as going away, so nobody loads on it any more, and unloads every scope
   * requiring its key. The service itself stays registered. Called without the monitor held.
   */
  void unloadDependents(Entry entry) {
    List<ScopeNode> dependents;
    synchronized (core.monitor()) {
      if (entries.get(entry.key) != entry) {
        return;
      }
      entry.withdrawing = true;
      dependents = core.scopesRequiring(entry.key);
    }
    for (ScopeNode dependent : dependents) {
      core.driveAndAwait(dependent);
    }
  }
}
