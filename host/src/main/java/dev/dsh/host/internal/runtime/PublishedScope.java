package dev.dsh.host.internal.runtime;

import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.model.ScopeInfo;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;

/**
 * What any thread may read of a scope without waiting: its identity and what the runtime thread
 * last published of it. {@link ScopeNode} is the runtime thread's side.
 */
abstract class PublishedScope implements Scope {

  final String id;
  final Plugin plugin;
  final @Nullable Scope parent;
  volatile ScopeInfo info;
  /** The context of the plugin's current load; an older one is inactive. */
  volatile @Nullable Context current;
  /** Set once dispose() began: nothing may update or register on it any more. */
  volatile boolean ending;
  final List<Scope> children = new CopyOnWriteArrayList<>();

  PublishedScope(@Nullable Scope parent, String id, Plugin plugin) {
    this.parent = parent;
    this.id = id;
    this.plugin = plugin;
    this.info = new ScopeInfo(
        id, plugin.name(), parent == null ? ScopeState.ACTIVE : ScopeState.PENDING, 0, null);
  }

  /** The next state, one generation on; {@code error} only for FAILED. */
  void to(ScopeState state, @Nullable Throwable error) {
    info = new ScopeInfo(id, plugin.name(), state, info.generation() + 1, error);
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
