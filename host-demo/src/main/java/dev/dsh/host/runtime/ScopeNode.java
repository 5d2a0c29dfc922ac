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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scope: one applied plugin, its state, its children and the effects it owns. Every transition
 * runs on the runtime thread, so none of this needs a lock; the getters read volatile fields.
 */
final class ScopeNode implements Scope {

  private static final Logger LOG = LoggerFactory.getLogger(ScopeNode.class);

  /** The state, one value: what it is, its generation, why it failed, whether it is ending. */
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
  private final @Nullable ScopeNode parent;
  private final String id;
  private final Plugin plugin;
  private final Set<ServiceKey<?>> requires;
  private final Effects effects;
  private final List<ScopeNode> children = new CopyOnWriteArrayList<>();
  private volatile Status status;
  /** The context of the plugin's current load; an older one is inactive. */
  private volatile Ctx current = new Ctx();
  private @Nullable Config config;

  /** A root (no parent: always active until disposed) or a child, listed in {@code index}. */
  ScopeNode(RuntimeThread loop, ServiceRegistry registry, ConfigValidator validator,
      LifecycleListener listener, Map<String, ScopeNode> index, @Nullable ScopeNode parent,
      String id, Plugin plugin) {
    this.loop = loop;
    this.registry = registry;
    this.validator = validator;
    this.listener = listener;
    this.index = index;
    this.parent = parent;
    this.id = id;
    this.plugin = plugin;
    this.requires = Set.copyOf(plugin.inject());
    this.effects = new Effects(loop, this);
    this.status = new Status(parent == null ? ScopeState.ACTIVE : ScopeState.PENDING, 0, null,
        false);
    index.put(id, this);
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public String pluginName() {
    return plugin.name();
  }

  @Override
  public ScopeState state() {
    return status.state();
  }

  @Override
  public long generation() {
    return status.generation();
  }

  @Override
  public Optional<Throwable> error() {
    return Optional.ofNullable(status.error()); // only a FAILED status has one
  }

  @Override
  public Optional<Scope> parent() {
    return Optional.ofNullable(parent);
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
    Config next = validator.validate(id, plugin.configType().orElse(null), raw);
    loop.run(() -> updateNow(next));
  }

  @Override
  public void dispose() {
    if (state() != ScopeState.DISPOSED) {
      loop.run(this::disposeNow);
    }
  }

  @Override
  public String toString() {
    return "Scope[" + id + "]";
  }

  Context context() {
    return current;
  }

  /** Applies {@code child} in a child scope {@code <id>/<name>}, as {@link Context#plugin} does. */
  Scope apply(String name, Plugin child, Map<String, ?> raw) {
    if (name.isBlank() || name.contains("/")) {
      throw new IllegalArgumentException("scope name must be non-blank without '/': " + name);
    }
    return createChild(current, name, Objects.requireNonNull(child, "plugin"), raw);
  }

  /** Effects, children and services still registered on this scope; zero once it ended. */
  int liveEffectCount() {
    return loop.call(() -> effects.size() + children.size() + registry.entriesOf(this).size());
  }

  /** On the fresh runtime thread: a call of this scope overstayed its deadline. */
  void abandoned(String what, Throwable error) {
    if (what.startsWith("release")) { // nothing else reports it: the scope goes on ending
      LOG.warn("{} of scope {} ({}) failed: {}", what, id, plugin.name(), error.getMessage());
    } else if (state() == ScopeState.LOADING || state() == ScopeState.ACTIVE) {
      fail(error); // the FAILED event reports it
    }
  }

  /** On the fresh runtime thread: finishes the release the abandoned thread left half done. */
  void resume() {
    if (state() == ScopeState.UNLOADING && status.ending()) {
      finishDispose();
    } else if (state() == ScopeState.UNLOADING) {
      finishUnload();
    } else if (state() == ScopeState.FAILED) {
      releaseAll();
    }
  }

  void describe(List<ScopeInfo> out) {
    Status s = status;
    out.add(new ScopeInfo(id, plugin.name(), s.state(), s.generation(), s.error()));
    children.forEach(child -> child.describe(out));
  }

  /** Loads or unloads as the required services say, until nothing more is to be done. */
  void settle() {
    while (true) {
      boolean ready = registry.allPresent(requires);
      if (state() == ScopeState.PENDING && config != null && ready) {
        load();
      } else if (state() == ScopeState.ACTIVE && !ready && !busy()) {
        unload();
      } else {
        return;
      }
    }
  }

  private Scope createChild(Ctx ctx, @Nullable String name, Plugin child, Map<String, ?> raw) {
    Objects.requireNonNull(raw, "config");
    ScopeNode node = loop.call(() -> {
      checkCurrent(ctx, "apply plugin " + child.name());
      String base = id + "/" + (name == null ? child.name() : name);
      String childId = base;
      for (int i = 2; index.containsKey(childId); i++) {
        if (name != null) {
          throw new IllegalStateException("scope id " + base + " is taken");
        }
        childId = base + "-" + i;
      }
      ScopeNode made =
          new ScopeNode(loop, registry, validator, listener, index, this, childId, child);
      children.add(made);
      try {
        made.config = validator.validate(childId, child.configType().orElse(null), raw);
      } catch (RuntimeException e) { // a ConfigException, or the validator's own failure
        made.status = new Status(ScopeState.FAILED, 1, e, false);
        made.emit(LifecycleEvent.Kind.FAILED, e);
      }
      return made;
    });
    loop.run(node::settle); // a step of its own: a stuck apply still leaves the caller its scope
    return node;
  }

  private Disposable provide(Ctx ctx, ServiceKey<?> key, Object service) {
    return loop.call(() -> {
      checkCurrent(ctx, "provide service \"" + key.name() + "\"");
      ServiceRegistry.Entry entry = registry.register(this, key, service);
      Disposable handle =
          effects.add("service \"" + key.name() + "\"", () -> withdraw(entry), null, false);
      dependents(key, ScopeState.PENDING).forEach(ScopeNode::settle);
      return handle;
    });
  }

  private Disposable add(Ctx ctx, String what, Disposable release,
      @Nullable ConfigUpdateHandler handler) {
    return loop.call(() -> {
      checkCurrent(ctx, "register " + (handler == null ? "an effect" : "an update handler"));
      return effects.add(what, release, handler, handler == null);
    });
  }

  private void updateNow(Config next) {
    checkNotEnding("update");
    if (busy()) { // asked from inside this scope's own step: taken right after it
      loop.later(() -> {
        if (!status.ending()) {
          updateNow(next);
        }
      });
      return;
    }
    boolean taken = false;
    ConfigUpdateHandler handler = effects.handler();
    if (state() == ScopeState.ACTIVE && handler != null) {
      try {
        taken = loop.guard(this, "update handler", () -> handler.accept(next));
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
    } else if (!registry.allPresent(requires)) {
      status = status.to(ScopeState.PENDING);
      emit(LifecycleEvent.Kind.UPDATED, null);
    } else {
      load();
    }
    settle();
  }

  private void load() {
    Ctx ctx = new Ctx();
    current = ctx;
    status = status.to(ScopeState.LOADING);
    try {
      loop.guard(this, "apply", () -> {
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

  private void fail(Throwable cause) {
    Status s = status;
    status = new Status(ScopeState.FAILED, s.generation() + 1, cause, s.ending());
    LOG.debug("scope {} ({}) failed", id, plugin.name(), cause); // the FAILED event reports it
    releaseAll();
    emit(LifecycleEvent.Kind.FAILED, cause);
  }

  private void unload() {
    status = status.to(ScopeState.UNLOADING);
    finishUnload();
  }

  private void finishUnload() {
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
      loop.later(this::disposeNow);
      return;
    }
    status = new Status(ScopeState.UNLOADING, s.generation() + 1, null, true);
    finishDispose();
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
    for (int i = kids.size() - 1; i >= 0; i--) {
      kids.get(i).disposeNow();
    }
    effects.releaseAll();
    registry.entriesOf(this).forEach(registry::remove); // left by a withdrawal cut short
  }

  private void unloadDependents(ServiceRegistry.Entry entry) {
    entry.withdrawing = true; // nobody loads on it any more; dependents still see it while releasing
    for (ScopeNode node : dependents(entry.key, ScopeState.ACTIVE)) {
      if (node.state() == ScopeState.ACTIVE && !node.busy()) { // an earlier one may have moved it
        node.unload();
      }
    }
  }

  private List<ScopeNode> dependents(ServiceKey<?> key, ScopeState in) {
    return index.values().stream()
        .filter(node -> node.requires.contains(key) && node.state() == in).toList();
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

  private void checkCurrent(Ctx ctx, String what) {
    if (!ctx.isActive()) {
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

  /** What one load of the plugin sees; registrations go through the runtime thread. */
  private final class Ctx implements Context {

    @Override
    public Scope scope() {
      return ScopeNode.this;
    }

    @Override
    public boolean isActive() {
      return current == this && state().acceptsRegistrations();
    }

    @Override
    public <T> Optional<T> get(ServiceKey<T> key) {
      Object service = registry.lookup(Objects.requireNonNull(key, "key"));
      Object view = service instanceof ContextAware<?> aware ? aware.bindTo(this) : service;
      return Optional.ofNullable(view).map(key.type()::cast);
    }

    @Override
    public <T> T inject(ServiceKey<T> key) {
      return get(key).orElseThrow(() -> new IllegalStateException(
          "service \"" + key.name() + "\" is not provided (asked by scope " + id + ")"));
    }

    @Override
    public <T> Disposable provide(ServiceKey<T> key, T service) {
      Objects.requireNonNull(service, "service");
      return ScopeNode.this.provide(this, Objects.requireNonNull(key, "key"), service);
    }

    @Override
    public Scope plugin(Plugin plugin, Map<String, ?> config) {
      return createChild(this, null, Objects.requireNonNull(plugin, "plugin"), config);
    }

    @Override
    public Disposable effect(Disposable release) {
      return add(this, "release action", Objects.requireNonNull(release, "release"), null);
    }

    @Override
    public Disposable accept(ConfigUpdateHandler handler) {
      Objects.requireNonNull(handler, "handler");
      return add(this, "update handler", Disposable.noop(), handler);
    }

    @Override
    public String toString() {
      return "Context[" + id + "]";
    }
  }
}
