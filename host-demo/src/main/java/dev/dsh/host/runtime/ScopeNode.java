package dev.dsh.host.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.config.ConfigValidator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scope: one applied plugin, its state and the effects it owns. Every transition runs on the
 * runtime thread ({@link RuntimeThread}); the getters read published fields from any thread.
 */
final class ScopeNode implements Scope {

  private static final Logger LOG = LoggerFactory.getLogger(ScopeNode.class);

  /** The scope's state, one value: what it is, its generation, why it failed, whether it ends. */
  private record Status(ScopeState state, long generation, @Nullable Throwable error, boolean ending) {
    Status to(ScopeState next) {
      return new Status(next, generation + 1, null, ending);
    }
  }

  private final RuntimeThread loop;
  private final ServiceRegistry registry;
  private final ConfigValidator validator;
  private final LifecycleListener listener;
  private final Map<String, ScopeNode> index;
  private final Function<ScopeNode, Context> contexts;
  private final String id;
  private final Plugin plugin;
  private final @Nullable ScopeNode parent;
  private final Set<ServiceKey<?>> requires;

  private volatile Status status = new Status(ScopeState.PENDING, 0, null, false);
  private @Nullable Config config;
  /** The context of the running plugin instance; any other one is inactive. */
  private volatile Context current;
  private final List<ScopeNode> children = new CopyOnWriteArrayList<>();
  private final EffectList effects;

  /** The always-active root of a tree. */
  ScopeNode(RuntimeThread loop, ServiceRegistry registry, ConfigValidator validator,
      LifecycleListener listener, Map<String, ScopeNode> index,
      Function<ScopeNode, Context> contexts, Plugin plugin) {
    this.loop = loop;
    this.registry = registry;
    this.validator = validator;
    this.listener = listener;
    this.index = index;
    this.contexts = contexts;
    this.id = "root";
    this.plugin = plugin;
    this.parent = null;
    this.requires = Set.of();
    this.status = new Status(ScopeState.ACTIVE, 0, null, false);
    this.effects = new EffectList(loop, this, id, plugin.name());
    this.current = contexts.apply(this);
    index.put(id, this);
  }

  private ScopeNode(ScopeNode parent, String id, Plugin plugin) {
    this.loop = parent.loop;
    this.registry = parent.registry;
    this.validator = parent.validator;
    this.listener = parent.listener;
    this.index = parent.index;
    this.contexts = parent.contexts;
    this.id = id;
    this.plugin = plugin;
    this.parent = parent;
    this.requires = Set.copyOf(plugin.inject());
    this.effects = new EffectList(loop, this, id, plugin.name());
    this.current = contexts.apply(this);
  }

  @Override public String id() {
    return id;
  }

  @Override public String pluginName() {
    return plugin.name();
  }

  @Override public ScopeState state() {
    return status.state();
  }

  @Override public long generation() {
    return status.generation();
  }

  @Override public Optional<Throwable> error() {
    Status s = status;
    return s.state() == ScopeState.FAILED ? Optional.ofNullable(s.error()) : Optional.empty();
  }

  @Override public Optional<Scope> parent() {
    return Optional.ofNullable(parent);
  }

  @Override public List<Scope> children() {
    return List.copyOf(children);
  }

  @Override public void update(Map<String, ?> raw) {
    if (parent == null) {
      throw new UnsupportedOperationException("the root scope has no config");
    }
    checkNotEnding("update");
    Config next = validator.validate(id, plugin.configType().orElse(null), raw);
    loop.call(() -> updateNow(next));
  }

  @Override public void dispose() {
    if (status.state() != ScopeState.DISPOSED) {
      loop.call(this::disposeNow);
    }
  }

  @Override public String toString() {
    return "Scope[" + id + "]";
  }

  Context context() {
    return current;
  }

  boolean isCurrent(Context ctx) {
    return ctx == current && status.state().acceptsRegistrations();
  }

  @Nullable Object lookup(ServiceKey<?> key) {
    return registry.lookup(key);
  }

  /** Effects, children and services still registered on this scope; zero once it ended. */
  int liveEffectCount() {
    return loop.call(() -> effects.size() + children.size() + registry.entriesOf(this).size());
  }

  Scope createChild(Context ctx, @Nullable String name, Plugin child, Map<String, ?> raw) {
    return loop.call(() -> {
      checkCurrent(ctx, "apply plugin " + child.name());
      String childId = id + "/" + (name == null ? child.name() : name);
      if (name == null) {
        for (int i = 2; index.containsKey(childId); i++) {
          childId = id + "/" + child.name() + "-" + i;
        }
      } else if (index.containsKey(childId)) {
        throw new IllegalStateException("scope id " + childId + " is taken");
      }
      ScopeNode node = new ScopeNode(this, childId, child);
      index.put(childId, node);
      children.add(node);
      loop.partial(node);
      try {
        node.config = validator.validate(childId, child.configType().orElse(null), raw);
      } catch (RuntimeException e) { // a ConfigException, or the validator's own failure
        node.status = new Status(ScopeState.FAILED, 1, e, false);
        node.emit(LifecycleEvent.Kind.FAILED, e);
        return node;
      }
      node.settle();
      return node;
    });
  }

  Disposable provide(Context ctx, ServiceKey<?> key, Object service) {
    return loop.call(() -> {
      checkCurrent(ctx, "provide service \"" + key.name() + "\"");
      ServiceRegistry.Entry entry = registry.register(this, id, key, service);
      Disposable handle = effects.add(Effect.service(key.name(), () -> withdraw(entry)));
      for (ScopeNode node : List.copyOf(index.values())) {
        if (node.requires.contains(key) && node.state() == ScopeState.PENDING) {
          node.settle();
        }
      }
      return handle;
    });
  }

  Disposable add(Context ctx, Effect effect, String what) {
    return loop.call(() -> {
      checkCurrent(ctx, what);
      return effects.add(effect);
    });
  }

  /** Called once the runtime thread went on without a call of this scope that overstayed. */
  void abandoned(String what, Throwable error) {
    if (what.startsWith("release")) { // nothing else reports it: the scope goes on ending
      LOG.warn("{} of scope {} ({}) failed: {}", what, id, plugin.name(), error.getMessage());
    } else if (state() == ScopeState.LOADING || state() == ScopeState.ACTIVE) {
      fail(error); // the FAILED event reports it
    }
  }

  /** Finishes a transition a lost thread left half done; nothing of it is on this stack any more. */
  void resume() {
    Status s = status;
    if (s.state() == ScopeState.LOADING) {
      fail(new IllegalStateException("apply was cut short: the runtime thread was abandoned"));
    } else if (s.state() == ScopeState.UNLOADING && s.ending()) {
      finishDispose();
    } else if (s.state() == ScopeState.UNLOADING) {
      releaseAll();
      status = status.to(ScopeState.PENDING);
      emit(LifecycleEvent.Kind.UNLOADED, null);
    }
  }

  void describe(List<ScopeInfo> out) {
    Status s = status;
    out.add(new ScopeInfo(id, plugin.name(), s.state(), s.generation(),
        s.state() == ScopeState.FAILED ? s.error() : null));
    children.forEach(child -> child.describe(out));
  }

  /** Loads or unloads as the required services say, until nothing more is to be done. */
  void settle() {
    while (true) {
      ScopeState state = state();
      boolean ready = registry.allPresent(requires);
      if (state == ScopeState.PENDING && config != null && ready) {
        load();
      } else if (state == ScopeState.ACTIVE && !ready && !loop.inCall(this)) {
        unload();
      } else {
        return;
      }
    }
  }

  private @Nullable Void updateNow(Config next) {
    checkNotEnding("update");
    if (busy()) { // asked from inside this scope's own step: taken right after it
      loop.later(() -> {
        if (!status.ending()) {
          updateNow(next);
        }
      });
      return null;
    }
    if (state() == ScopeState.ACTIVE) {
      takeUpdate(next);
    } else {
      config = next;
      if (registry.allPresent(requires)) {
        load();
      } else {
        status = status.to(ScopeState.PENDING);
        emit(LifecycleEvent.Kind.UPDATED, null);
      }
    }
    settle();
    return null;
  }

  private void takeUpdate(Config next) {
    ConfigUpdateHandler handler = effects.handler();
    boolean taken = false;
    if (handler != null) {
      ConfigUpdateHandler accepting = handler;
      try {
        taken = loop.guard(this, id, "update handler", () -> accepting.accept(next));
      } catch (Exception e) {
        LOG.warn("update handler of scope {} ({}) failed, restarting: {}", id, plugin.name(), e.toString());
      }
    }
    config = next;
    if (taken) {
      status = status.to(ScopeState.ACTIVE);
      emit(LifecycleEvent.Kind.UPDATED, null);
    } else {
      unload(); // back to PENDING: settle loads the new config
    }
  }

  private void load() {
    Context ctx = contexts.apply(this);
    current = ctx;
    status = status.to(ScopeState.LOADING);
    Config cfg = config;
    try {
      loop.guard(this, id, "apply", () -> {
        plugin.apply(ctx, cfg);
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

  private void fail(Throwable cause) {
    Status s = status;
    status = new Status(ScopeState.FAILED, s.generation() + 1, cause, s.ending());
    LOG.debug("scope {} ({}) failed", id, plugin.name(), cause); // the FAILED event reports it
    releaseAll();
    emit(LifecycleEvent.Kind.FAILED, cause);
  }

  private void unload() {
    status = status.to(ScopeState.UNLOADING);
    releaseAll();
    status = status.to(ScopeState.PENDING);
    emit(LifecycleEvent.Kind.UNLOADED, null);
  }

  private @Nullable Void disposeNow() {
    Status s = status;
    if (s.state() == ScopeState.DISPOSED) {
      return null;
    }
    if (busy()) {
      loop.later(this::disposeNow);
      return null;
    }
    status = new Status(ScopeState.UNLOADING, s.generation() + 1, null, true);
    finishDispose();
    return null;
  }

  private void finishDispose() {
    releaseAll();
    status = status.to(ScopeState.DISPOSED);
    index.remove(id, this);
    if (parent != null) {
      parent.children.remove(this);
    }
    emit(LifecycleEvent.Kind.DISPOSED, null);
  }

  /** Unloads the dependents of this scope's services, disposes the children, then the effects. */
  private void releaseAll() {
    registry.entriesOf(this).forEach(this::unloadDependents);
    List<ScopeNode> kids = new ArrayList<>(children);
    Collections.reverse(kids);
    for (ScopeNode kid : kids) {
      kid.disposeNow();
    }
    effects.releaseAll();
  }

  private void unloadDependents(ServiceRegistry.Entry entry) {
    entry.withdrawing = true; // nobody loads on it any more; dependents still see it while releasing
    for (ScopeNode node : List.copyOf(index.values())) {
      if (node.requires.contains(entry.key) && node.state() == ScopeState.ACTIVE && !node.busy()) {
        node.unload();
      }
    }
  }

  private void withdraw(ServiceRegistry.Entry entry) {
    unloadDependents(entry);
    registry.remove(entry);
  }

  /** Whether this scope's own step is on the runtime thread's stack. */
  private boolean busy() {
    ScopeState state = state();
    return state == ScopeState.LOADING || state == ScopeState.UNLOADING || loop.inCall(this);
  }

  private void checkCurrent(Context ctx, String what) {
    if (!isCurrent(ctx)) {
      throw new IllegalStateException(
          "context is inactive: scope " + id + " is " + state() + "; cannot " + what);
    }
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
      listener.onEvent(event);
    } catch (RuntimeException e) {
      LOG.warn("lifecycle listener failed on {} of scope {}", kind, id, e);
    }
  }
}
