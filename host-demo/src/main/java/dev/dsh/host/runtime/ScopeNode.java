package dev.dsh.host.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.config.ConfigValidator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scope's transitions and what it holds: its children, its effects, its config. Touched on the
 * runtime thread only, one transition at a time, so none of it needs a lock.
 */
final class ScopeNode extends PublishedScope {

  private static final Logger LOG = LoggerFactory.getLogger(ScopeNode.class);

  /** What every scope of one runtime shares. */
  record Tree(RuntimeThread loop, ServiceRegistry registry, ConfigValidator validator,
      LifecycleListener listener, Map<String, ScopeNode> index,
      Function<ScopeNode, Context> contexts) {}

  final Tree tree;
  final Effects effects;
  private final Set<ServiceKey<?>> requires;
  private final List<ScopeNode> children = new CopyOnWriteArrayList<>();
  private @Nullable Config config;

  /** A root ({@code parent} null: active until disposed) or a child, listed in the tree's index. */
  ScopeNode(Tree tree, @Nullable ScopeNode parent, String id, Plugin plugin) {
    super(parent, id, plugin);
    this.tree = tree;
    this.requires = Set.copyOf(plugin.inject());
    this.effects = new Effects(tree.loop(), this);
    this.current = tree.contexts().apply(this);
    tree.index().put(id, this);
  }

  @Override
  public List<Scope> children() {
    return List.copyOf(children);
  }

  @Override
  public void update(Map<String, ?> raw) {
    if (parent == null) {
      throw new UnsupportedOperationException("the root scope has no config");
    }
    checkNotEnding("update");
    Config next = tree.validator().validate(id, plugin.configType().orElse(null), raw);
    tree.loop().run(() -> updateNow(next));
  }

  @Override
  public void dispose() {
    if (state() != ScopeState.DISPOSED) {
      tree.loop().run(this::disposeNow);
    }
  }

  /** A new child {@code id} applying {@code child}; FAILED at once when its config is invalid. */
  ScopeNode child(String id, Plugin child, Map<String, ?> raw) {
    ScopeNode node = new ScopeNode(tree, this, id, child);
    children.add(node);
    try {
      node.config = tree.validator().validate(id, child.configType().orElse(null), raw);
    } catch (RuntimeException e) { // a ConfigException, or the validator's own failure
      node.status = new Status(ScopeState.FAILED, 1, e, false);
      node.emit(LifecycleEvent.Kind.FAILED, e);
    }
    return node;
  }

  /** Effects, children and services still registered on this scope; zero once it ended. */
  int liveEffectCount() {
    return tree.loop().call(
        () -> effects.size() + children.size() + tree.registry().entriesOf(this).size());
  }

  /** Loads or unloads as the required services say, until nothing more is to be done. */
  void settle() {
    while (true) {
      boolean ready = tree.registry().allPresent(requires);
      if (state() == ScopeState.PENDING && config != null && ready) {
        load();
      } else if (state() == ScopeState.ACTIVE && !ready && !busy()) {
        unload();
      } else {
        return;
      }
    }
  }

  private void updateNow(Config next) {
    checkNotEnding("update");
    if (busy()) { // asked from inside this scope's own step: taken right after it
      tree.loop().later(() -> updateNow(next)); // refused then if the scope is ending by then
      return;
    }
    boolean taken = false;
    ConfigUpdateHandler handler = effects.handler();
    if (state() == ScopeState.ACTIVE && handler != null) {
      try {
        taken = tree.loop().guard(this, "update handler", () -> handler.accept(next));
      } catch (Exception e) {
        LOG.warn("update handler of scope {} ({}) failed, restarting: {}", id, plugin.name(),
            e.toString());
      }
    }
    config = next;
    if (taken) {
      status = status.to(ScopeState.ACTIVE);
      emit(LifecycleEvent.Kind.UPDATED, null);
    } else if (state() == ScopeState.ACTIVE) {
      unload(); // back to PENDING: settle loads the new config
    } else if (!tree.registry().allPresent(requires)) {
      status = status.to(ScopeState.PENDING);
      emit(LifecycleEvent.Kind.UPDATED, null);
    } else {
      load();
    }
    settle();
  }

  private void load() {
    Context ctx = tree.contexts().apply(this);
    current = ctx;
    status = status.to(ScopeState.LOADING);
    try {
      tree.loop().guard(this, "apply", () -> {
        plugin.apply(ctx, Objects.requireNonNull(config));
        return null;
      });
    } catch (RuntimeThread.Abandoned a) {
      throw a;
    } catch (Throwable t) {
      fail(t);
      return;
    }
    status = status.to(ScopeState.ACTIVE);
    emit(LifecycleEvent.Kind.APPLIED, null);
  }

  void fail(Throwable cause) {
    Status s = status;
    status = new Status(ScopeState.FAILED, s.generation() + 1, cause, s.ending());
    LOG.debug("scope {} ({}) failed", id, plugin.name(), cause); // the FAILED event reports it
    releaseAll();
    emit(LifecycleEvent.Kind.FAILED, cause);
  }

  /** ACTIVE, or UNLOADING left half done, to PENDING. */
  void unload() {
    if (state() != ScopeState.UNLOADING) {
      status = status.to(ScopeState.UNLOADING);
    }
    releaseAll();
    status = status.to(ScopeState.PENDING);
    emit(LifecycleEvent.Kind.UNLOADED, null);
  }

  private void disposeNow() {
    Status s = status;
    if (s.state() == ScopeState.DISPOSED) {
      return;
    }
    if (busy()) {
      tree.loop().later(this::disposeNow);
      return;
    }
    status = new Status(ScopeState.UNLOADING, s.generation() + 1, null, true);
    finishDispose();
  }

  void finishDispose() {
    releaseAll();
    status = status.to(ScopeState.DISPOSED);
    tree.index().remove(id, this);
    if (parent instanceof ScopeNode up) {
      up.children.remove(this);
    }
    emit(LifecycleEvent.Kind.DISPOSED, null);
  }

  /** Unloads the dependents of this scope's services, disposes the children, then the effects. */
  void releaseAll() {
    tree.registry().entriesOf(this).forEach(this::unloadDependents);
    List<ScopeNode> kids = new ArrayList<>(children);
    for (int i = kids.size() - 1; i >= 0; i--) {
      kids.get(i).disposeNow();
    }
    effects.releaseAll();
    tree.registry().entriesOf(this).forEach(tree.registry()::remove); // a withdrawal cut short
  }

  private void unloadDependents(ServiceRegistry.Entry entry) {
    entry.withdrawing = true; // nobody loads on it any more, but dependents see it while releasing
    for (ScopeNode node : dependents(entry.key, ScopeState.ACTIVE)) {
      if (node.state() == ScopeState.ACTIVE && !node.busy()) { // an earlier one may have moved it
        node.unload();
      }
    }
  }

  List<ScopeNode> dependents(ServiceKey<?> key, ScopeState in) {
    return tree.index().values().stream()
        .filter(node -> node.requires.contains(key) && node.state() == in).toList();
  }

  void withdraw(ServiceRegistry.Entry entry) {
    unloadDependents(entry);
    tree.registry().remove(entry);
  }

  /** Whether this scope's own step is on the runtime thread's stack. */
  private boolean busy() {
    ScopeState state = state();
    return state == ScopeState.LOADING || state == ScopeState.UNLOADING || tree.loop().inCall(this);
  }

  private void checkNotEnding(String what) {
    if (status.ending() || state() == ScopeState.DISPOSED) {
      throw new IllegalStateException(
          "context is inactive: scope " + id + " is being disposed; cannot " + what);
    }
  }

  private void emit(LifecycleEvent.Kind kind, @Nullable Throwable error) {
    LifecycleEvent event = new LifecycleEvent(kind, id, plugin.name(), generation(), error);
    LOG.debug("{}", event.describe());
    try {
      tree.listener().onEvent(event);
    } catch (RuntimeException e) {
      LOG.warn("lifecycle listener failed on {} of scope {}", kind, id, e);
    }
  }
}
