package dev.dsh.host.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A scope: one applied plugin, its state machine and the effects it owns.
 *
 * <p>Every mutable field is guarded by the runtime's monitor. Steps ({@link #perform}) run only on
 * the thread that owns the scope (see {@link RuntimeCore}), with the monitor released while plugin
 * code runs.
 */
final class ScopeNode implements Scope {

  private static final Logger LOG = LoggerFactory.getLogger(ScopeNode.class);

  /** A transition the owner performs; chosen by {@link #nextStepLocked()}. */
  enum Step {
    LOAD,
    UNLOAD,
    UPDATE,
    ADOPT_CONFIG,
    DISPOSE
  }

  private final RuntimeCore core;
  private final Object monitor;
  private final String id;
  private final Plugin plugin;
  private final @Nullable ScopeNode parent;
  private final Set<ServiceKey<?>> requires;

  @Nullable Thread owner;
  private ScopeState state = ScopeState.PENDING;
  private long generation;
  private @Nullable Throwable error;
  private @Nullable Config config;
  private @Nullable Config pendingConfig;
  private boolean disposeRequested;
  private int incarnation;
  private ScopeContext context;
  private final List<ScopeNode> children = new ArrayList<>();
  private final List<Effect> effects = new ArrayList<>();

  ScopeNode(RuntimeCore core, String id, Plugin plugin, @Nullable ScopeNode parent) {
    this.core = core;
    this.monitor = core.monitor();
    this.id = id;
    this.plugin = plugin;
    this.parent = parent;
    this.requires = Set.copyOf(plugin.inject());
    this.context = new ScopeContext(core, this, incarnation);
  }

  /** Makes this the always-active root of a tree. */
  static ScopeNode root(RuntimeCore core, Plugin plugin) {
    ScopeNode root = new ScopeNode(core, "root", plugin, null);
    synchronized (root.monitor) {
      root.state = ScopeState.ACTIVE;
      core.index(root);
    }
    return root;
  }

  // ---- Scope

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
    synchronized (monitor) {
      return state;
    }
  }

  @Override
  public long generation() {
    synchronized (monitor) {
      return generation;
    }
  }

  @Override
  public Optional<Throwable> error() {
    synchronized (monitor) {
      return state == ScopeState.FAILED ? Optional.ofNullable(error) : Optional.empty();
    }
  }

  @Override
  public Optional<Scope> parent() {
    return Optional.ofNullable(parent);
  }

  @Override
  public List<Scope> children() {
    synchronized (monitor) {
      return List.copyOf(children);
    }
  }

  @Override
  public void update(Map<String, ?> raw) {
    if (parent == null) {
      throw new UnsupportedOperationException("the root scope has no config");
    }
    synchronized (monitor) {
      checkNotEndingLocked("update");
    }
    Config next = core.validate(this, raw);
    synchronized (monitor) {
      checkNotEndingLocked("update");
      pendingConfig = next;
    }
    core.drive(this);
  }

  @Override
  public void dispose() {
    synchronized (monitor) {
      if (state == ScopeState.DISPOSED) {
        return;
      }
      disposeRequested = true;
    }
    core.driveAndAwait(this);
  }

  @Override
  public String toString() {
    return "Scope[" + id + "]";
  }

  // ---- runtime-internal

  Plugin plugin() {
    return plugin;
  }

  Set<ServiceKey<?>> requires() {
    return requires;
  }

  /** The context of the current incarnation (the one the running plugin instance was given). */
  ScopeContext context() {
    synchronized (monitor) {
      return context;
    }
  }

  ScopeState stateLocked() {
    return state;
  }

  /** Effects, children and services still registered on this scope; zero once it ended. */
  int liveEffectCount() {
    synchronized (monitor) {
      return effects.size() + children.size() + core.registry().entriesOf(this).size();
    }
  }

  void checkActiveLocked(int contextIncarnation, String what) {
    if (contextIncarnation != incarnation || !state.acceptsRegistrations()) {
      throw new IllegalStateException(
          "context is inactive: scope " + id + " is " + state + "; cannot " + what);
    }
  }

  private void checkNotEndingLocked(String what) {
    if (disposeRequested || state == ScopeState.DISPOSED) {
      throw new IllegalStateException(
          "context is inactive: scope " + id + " is being disposed; cannot " + what);
    }
  }

  boolean acceptsRegistrations(int contextIncarnation) {
    synchronized (monitor) {
      return contextIncarnation == incarnation && state.acceptsRegistrations();
    }
  }

  void adoptChildLocked(ScopeNode child) {
    children.add(child);
  }

  /** Adds an effect for a context of {@code contextIncarnation}; the caller holds the monitor. */
  Effect addEffectLocked(int contextIncarnation, Effect effect, String what) {
    checkActiveLocked(contextIncarnation, what);
    effects.add(effect);
    return effect;
  }

  /** A handle that releases {@code effect} early and removes it from this scope. */
  Disposable handleFor(Effect effect) {
    return () -> {
      synchronized (monitor) {
        effects.remove(effect);
      }
      release(effect);
    };
  }

  /** Sets the first validated config; the caller owns this scope, which has not loaded yet. */
  void initialConfig(Config validated) {
    synchronized (monitor) {
      config = validated;
    }
  }

  /** Fails the scope on its first config; the caller owns this scope, which has not loaded yet. */
  void failValidation(RuntimeException cause) {
    long gen;
    synchronized (monitor) {
      if (state != ScopeState.PENDING || disposeRequested) {
        return;
      }
      state = ScopeState.FAILED;
      error = cause;
      gen = ++generation;
    }
    logFailure(cause);
    core.emit(LifecycleEvent.Kind.FAILED, this, gen, cause);
  }

  void describeLocked(List<ScopeInfo> out) {
    out.add(new ScopeInfo(
        id, plugin.name(), state, generation, state == ScopeState.FAILED ? error : null));
    for (ScopeNode child : children) {
      child.describeLocked(out);
    }
  }

  /** The next transition towards what was asked, or null when there is none; monitor held. */
  @Nullable Step nextStepLocked() {
    if (state == ScopeState.DISPOSED) {
      return null;
    }
    if (disposeRequested) {
      return Step.DISPOSE;
    }
    boolean ready = core.registry().allPresent(requires);
    switch (state) {
      case PENDING:
        if (config == null && pendingConfig == null) {
          return null; // the first config failed validation before the scope could fail
        }
        if (ready) {
          return Step.LOAD;
        }
        return pendingConfig != null ? Step.ADOPT_CONFIG : null;
      case ACTIVE:
        if (!ready) {
          return Step.UNLOAD;
        }
        return pendingConfig != null ? Step.UPDATE : null;
      case FAILED:
        if (pendingConfig == null) {
          return null;
        }
        return ready ? Step.LOAD : Step.ADOPT_CONFIG;
      default:
        return null; // LOADING and UNLOADING exist only inside a step
    }
  }

  /** Performs {@code step}; the calling thread owns this scope. */
  void perform(Step step) {
    switch (step) {
      case LOAD -> load();
      case UNLOAD -> unload();
      case UPDATE -> takeUpdate();
      case ADOPT_CONFIG -> adoptConfig();
      case DISPOSE -> disposeNow();
    }
  }

  private void load() {
    ScopeContext ctx;
    Config cfg;
    synchronized (monitor) {
      if (pendingConfig != null) {
        config = pendingConfig;
        pendingConfig = null;
      }
      cfg = config;
      state = ScopeState.LOADING;
      generation++;
      error = null;
      incarnation++;
      context = new ScopeContext(core, this, incarnation);
      ctx = context;
    }
    if (cfg == null) {
      throw new IllegalStateException("scope " + id + " has no validated config to apply");
    }
    LOG.debug("applying scope {} ({})", id, plugin.name());
    try {
      core.callPlugin(this, "apply", () -> {
        plugin.apply(ctx, cfg);
        return null;
      });
    } catch (Throwable t) {
      fail(t);
      return;
    }
    long gen;
    synchronized (monitor) {
      state = ScopeState.ACTIVE;
      gen = ++generation;
    }
    core.emit(LifecycleEvent.Kind.APPLIED, this, gen, null);
  }

  private void fail(Throwable cause) {
    long gen;
    synchronized (monitor) {
      state = ScopeState.FAILED;
      error = cause;
      gen = ++generation;
    }
    logFailure(cause);
    releaseAll();
    core.emit(LifecycleEvent.Kind.FAILED, this, gen, cause);
  }

  private void logFailure(Throwable cause) {
    // The FAILED event carries the error to whoever reports it (the host, in one line); the
    // stack trace is for debugging only. A ConfigException never carries config values.
    LOG.debug("scope {} ({}) failed", id, plugin.name(), cause);
  }

  private void unload() {
    synchronized (monitor) {
      state = ScopeState.UNLOADING;
      generation++;
    }
    releaseAll();
    long gen;
    synchronized (monitor) {
      state = ScopeState.PENDING;
      gen = ++generation;
    }
    core.emit(LifecycleEvent.Kind.UNLOADED, this, gen, null);
  }

  private void takeUpdate() {
    Config next;
    ConfigUpdateHandler handler;
    synchronized (monitor) {
      next = pendingConfig;
      pendingConfig = null;
      handler = currentHandlerLocked();
    }
    if (next == null) {
      return;
    }
    boolean taken;
    try {
      taken = handler != null && offer(handler, next);
    } catch (PluginCallTimeoutException e) {
      synchronized (monitor) {
        config = next;
      }
      fail(e);
      return;
    }
    if (taken) {
      long gen;
      synchronized (monitor) {
        config = next;
        gen = ++generation;
      }
      core.emit(LifecycleEvent.Kind.UPDATED, this, gen, null);
      return;
    }
    synchronized (monitor) {
      config = next;
    }
    unload(); // back to PENDING: the next step loads the new config, unless something else came first
  }

  private boolean offer(ConfigUpdateHandler handler, Config next) {
    try {
      return core.callPlugin(this, "update handler", () -> handler.accept(next));
    } catch (PluginCallTimeoutException e) {
      throw e;
    } catch (Exception e) {
      LOG.warn("update handler of scope {} ({}) failed, restarting: {}", id, plugin.name(), e.toString());
      LOG.debug("update handler failure", e);
      return false;
    }
  }

  private @Nullable ConfigUpdateHandler currentHandlerLocked() {
    for (int i = effects.size() - 1; i >= 0; i--) {
      ConfigUpdateHandler handler = effects.get(i).handler();
      if (handler != null) {
        return handler;
      }
    }
    return null;
  }

  private void adoptConfig() {
    long gen;
    synchronized (monitor) {
      if (pendingConfig == null) {
        return;
      }
      config = pendingConfig;
      pendingConfig = null;
      state = ScopeState.PENDING;
      error = null;
      gen = ++generation;
    }
    core.emit(LifecycleEvent.Kind.UPDATED, this, gen, null);
  }

  private void disposeNow() {
    synchronized (monitor) {
      state = ScopeState.UNLOADING;
      generation++;
    }
    releaseAll();
    long gen;
    synchronized (monitor) {
      state = ScopeState.DISPOSED;
      gen = ++generation;
      pendingConfig = null;
      core.forget(this);
      if (parent != null) {
        parent.children.remove(this);
      }
    }
    core.emit(LifecycleEvent.Kind.DISPOSED, this, gen, null);
  }

  /**
   * Unloads the scopes that depend on this scope's services, disposes the children (newest
   * first), then releases the own effects in reverse order.
   */
  private void releaseAll() {
    List<ServiceRegistry.Entry> provided;
    synchronized (monitor) {
      provided = core.registry().entriesOf(this);
    }
    for (ServiceRegistry.Entry entry : provided) {
      core.registry().unloadDependents(entry);
    }
    List<ScopeNode> kids;
    List<Effect> own;
    synchronized (monitor) {
      kids = new ArrayList<>(children);
      own = new ArrayList<>(effects);
    }
    Collections.reverse(kids);
    for (ScopeNode kid : kids) {
      try {
        kid.dispose();
      } catch (RuntimeException e) {
        LOG.warn("disposing scope {} (child of {}) failed", kid.id, id, e);
      }
    }
    Collections.reverse(own);
    for (Effect effect : own) {
      synchronized (monitor) {
        effects.remove(effect);
      }
      release(effect);
    }
  }

  private void release(Effect effect) {
    try {
      if (effect.pluginCode()) {
        core.callPlugin(this, "release action", () -> effect.releaseOnce());
      } else {
        effect.releaseOnce();
      }
    } catch (Exception | LinkageError e) {
      // one line; the runtime goes on with the next effect either way
      LOG.warn("releasing {} of scope {} ({}) failed: {}", effect.label(), id, plugin.name(), e.toString());
      LOG.debug("release failure", e);
    }
  }
}
