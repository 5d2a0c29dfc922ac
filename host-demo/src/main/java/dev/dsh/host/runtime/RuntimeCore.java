package dev.dsh.host.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.Plugin;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.config.ConfigValidator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared state of one runtime: the monitor that guards every scope's bookkeeping, the index of
 * live scopes, the service registry, and the ownership protocol that serializes each scope's
 * transitions.
 *
 * <p>Ownership: a scope's transitions are performed by the one thread that owns it. A thread that
 * asks for a transition either becomes the owner and performs it (and whatever else is pending), or
 * leaves the request with the current owner, which picks it up after its current step. The monitor
 * is never held while plugin code runs.
 *
 * <p>Waiting: disposing a scope and withdrawing a service must wait for other scopes (children,
 * dependents) owned by other threads. Before waiting, the wait-for chain is followed; a wait that
 * would close a cycle (or wait on the caller's own scope) is skipped and the request left with the
 * owner, so no two threads ever wait on each other.
 */
final class RuntimeCore {

  private static final Logger LOG = LoggerFactory.getLogger(RuntimeCore.class);

  private final Object monitor = new Object();
  private final ConfigValidator validator;
  private final LifecycleListener listener;
  private final ServiceRegistry registry = new ServiceRegistry(this);
  private final Map<String, ScopeNode> live = new LinkedHashMap<>();
  private final Map<Thread, ScopeNode> waiting = new HashMap<>();
  private final PluginCalls calls;

  RuntimeCore(ConfigValidator validator, LifecycleListener listener, Duration deadline) {
    this.validator = validator;
    this.listener = listener;
    this.calls = new PluginCalls(monitor, deadline);
  }

  /** Runs plugin code for {@code node} under the runtime's deadline. */
  <T> T callPlugin(ScopeNode node, String what, java.util.concurrent.Callable<T> call)
      throws Exception {
    return calls.call(node.id(), what, call);
  }

  void shutdown() {
    calls.shutdown();
  }

  Object monitor() {
    return monitor;
  }

  ServiceRegistry registry() {
    return registry;
  }

  Config validate(ScopeNode node, Map<String, ?> raw) {
    return validator.validate(node.id(), node.plugin().configType().orElse(null), raw);
  }

  /** Adds a new scope to the index; the caller holds the monitor. */
  void index(ScopeNode node) {
    live.put(node.id(), node);
  }

  /** Removes a disposed scope from the index; the caller holds the monitor. */
  void forget(ScopeNode node) {
    live.remove(node.id(), node);
  }

  /** The live scope with {@code id}; the caller holds the monitor. */
  @Nullable ScopeNode lookup(String id) {
    return live.get(id);
  }

  /** {@code base}, or {@code base-2}, {@code base-3}… whichever is free; the caller holds the monitor. */
  String freeId(String base) {
    if (!live.containsKey(base)) {
      return base;
    }
    for (int i = 2; ; i++) {
      String candidate = base + "-" + i;
      if (!live.containsKey(candidate)) {
        return candidate;
      }
    }
  }

  /** Live scopes whose plugin requires {@code key}; the caller holds the monitor. */
  List<ScopeNode> scopesRequiring(ServiceKey<?> key) {
    List<ScopeNode> found = new ArrayList<>();
    for (ScopeNode node : live.values()) {
      if (node.requires().contains(key)) {
        found.add(node);
      }
    }
    return found;
  }

  /** Lets every pending scope that requires {@code key} load, if it now can. */
  void wakeDependents(ServiceKey<?> key) {
    List<ScopeNode> candidates;
    synchronized (monitor) {
      candidates = new ArrayList<>();
      for (ScopeNode node : scopesRequiring(key)) {
        if (node.stateLocked() == ScopeState.PENDING) {
          candidates.add(node);
        }
      }
    }
    for (ScopeNode node : candidates) {
      drive(node);
    }
  }

  /**
   * Performs {@code node}'s pending transitions on this thread when nobody owns it; otherwise
   * leaves them to the owner and returns at once.
   */
  void drive(ScopeNode node) {
    synchronized (monitor) {
      if (node.owner != null) {
        return;
      }
      node.owner = Thread.currentThread();
    }
    runOwned(node);
  }

  /**
   * Performs {@code node}'s pending transitions and returns once they are done, waiting for
   * another owner to finish first. Returns without waiting when this thread is inside one of {@code
   * node}'s own steps, or when waiting would close a wait-for cycle: the owner then performs the
   * request after its current step.
   */
  void driveAndAwait(ScopeNode node) {
    Thread me = Thread.currentThread();
    synchronized (monitor) {
      while (node.owner != null) {
        if (calls.standsFor(node.owner, me) || closesCycle(me, node)) {
          LOG.debug("scope {} is busy in a step this wait depends on; its request is queued", node.id());
          return;
        }
        waiting.put(me, node);
        try {
          monitor.wait();
        } catch (InterruptedException e) {
          // stop waiting; the owner still performs the request
          Thread.currentThread().interrupt();
          return;
        } finally {
          waiting.remove(me);
        }
      }
      node.owner = me;
    }
    runOwned(node);
  }

  private boolean closesCycle(Thread me, ScopeNode target) {
    Thread owner = target.owner;
    int guard = 0;
    while (owner != null && guard++ <= waiting.size() + calls.callsRunning()) {
      if (calls.standsFor(owner, me)) {
        return true;
      }
      // an owner inside a plugin call waits for the thread running the call
      ScopeNode next = waiting.get(calls.working(owner));
      if (next == null) {
        return false;
      }
      owner = next.owner;
    }
    return owner != null && calls.standsFor(owner, me);
  }

  /** Runs steps until none is left, then gives up ownership; the caller owns {@code node}. */
  private void runOwned(ScopeNode node) {
    boolean released = false;
    try {
      while (true) {
        ScopeNode.Step step;
        synchronized (monitor) {
          step = node.nextStepLocked();
          if (step == null) {
            node.owner = null;
            monitor.notifyAll();
            released = true;
            return;
          }
        }
        node.perform(step);
      }
    } finally {
      if (!released) {
        synchronized (monitor) {
          node.owner = null;
          monitor.notifyAll();
        }
      }
    }
  }

  /** Creates a child of {@code parent} with a validated config and performs its first steps. */
  ScopeNode createChild(
      ScopeNode parent, int parentIncarnation, @Nullable String explicitId, Plugin plugin,
      Map<String, ?> raw) {
    ScopeNode child;
    synchronized (monitor) {
      parent.checkActiveLocked(parentIncarnation, "apply plugin " + plugin.name());
      String id;
      if (explicitId == null) {
        id = freeId(parent.id() + "/" + plugin.name());
      } else {
        id = parent.id() + "/" + explicitId;
        if (live.containsKey(id)) {
          throw new IllegalStateException("scope id " + id + " is taken");
        }
      }
      child = new ScopeNode(this, id, plugin, parent);
      // owned from birth: a dispose or update arriving during validation waits for, or is left
      // with, this thread, so the child's events stay in order
      child.owner = Thread.currentThread();
      index(child);
      parent.adoptChildLocked(child);
    }
    try {
      child.initialConfig(validate(child, raw));
    } catch (RuntimeException e) {
      // a ConfigException, or the validator's own failure: either way apply must not run
      child.failValidation(e);
    }
    runOwned(child);
    return child;
  }

  /** A depth-first snapshot of the live tree under {@code root}. */
  List<ScopeInfo> snapshot(ScopeNode root) {
    List<ScopeInfo> out = new ArrayList<>();
    synchronized (monitor) {
      root.describeLocked(out);
    }
    return out;
  }

  void emit(LifecycleEvent.Kind kind, ScopeNode node, long generation, @Nullable Throwable error) {
    LifecycleEvent event =
        new LifecycleEvent(kind, node.id(), node.pluginName(), generation, error);
    LOG.debug("{}", event.describe());
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      LOG.warn("lifecycle listener failed on {} of scope {}", kind, node.id(), e);
    }
  }
}
