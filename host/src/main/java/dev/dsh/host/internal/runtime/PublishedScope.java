package dev.dsh.host.internal.runtime;

import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.LifecycleEvent.Kind;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.model.ScopeInfo;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What any thread may read of a scope without waiting; {@link ScopeNode} is the thread's side. */
abstract class PublishedScope implements Scope {

  private static final Logger LOG = LoggerFactory.getLogger(PublishedScope.class);

  final String id;
  final Plugin plugin;
  final @Nullable Scope parent;
  private final LifecycleListener listener;
  volatile ScopeInfo info;
  /** The context of the plugin's current load; an older one is inactive. */
  volatile @Nullable Context current;
  /** Set once dispose() began: nothing may update or register on it any more. */
  volatile boolean ending;
  final List<Scope> children = new CopyOnWriteArrayList<>();

  PublishedScope(@Nullable Scope parent, String id, Plugin plugin, LifecycleListener listener) {
    this.parent = parent;
    this.listener = listener;
    this.id = id;
    this.plugin = plugin;
    this.info = new ScopeInfo(
        id, plugin.name(), parent == null ? ScopeState.ACTIVE : ScopeState.PENDING, 0, null);
  }

  void to(ScopeState state, @Nullable Throwable error) {
    info = new ScopeInfo(id, plugin.name(), state, info.generation() + 1, error);
  }

  void emit(Kind kind) {
    LifecycleEvent event = new LifecycleEvent(kind, id, plugin.name(), generation(), info.error());
    LOG.debug("{}", event.describe());
    try {
      listener.onEvent(event);
    } catch (RuntimeException e) {
      LOG.warn("lifecycle listener failed on {} of scope {}", kind, id, e);
    }
  }

  void checkNotEnding() {
    if (ending || state() == ScopeState.DISPOSED) {
      throw new IllegalStateException(
          "context is inactive: scope " + id + " is being disposed; cannot update");
    }
  }

  boolean isCurrent(Context ctx) {
    return ctx == current && state().acceptsRegistrations();
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
    return info.state();
  }

  @Override
  public long generation() {
    return info.generation();
  }

  @Override
  public Optional<Throwable> error() {
    return info.failure();
  }

  @Override
  public List<Scope> children() {
    return List.copyOf(children);
  }

  @Override
  public Optional<Scope> parent() {
    return Optional.ofNullable(parent);
  }

  @Override
  public String toString() {
    return "Scope[" + id + "]";
  }
}
