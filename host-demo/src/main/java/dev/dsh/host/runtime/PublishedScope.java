package dev.dsh.host.runtime;

import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What any thread may read of a scope: its identity and what the runtime thread last wrote of it
 * (one {@link Status} value and the current context), in volatile fields, so a read never waits.
 * {@link ScopeNode} is the runtime thread's side.
 */
abstract class PublishedScope implements Scope {

  /** The state, one value: what it is, its generation, why it failed, whether it is ending. */
  record Status(ScopeState state, long generation, @Nullable Throwable error, boolean ending) {
    Status to(ScopeState next) {
      return new Status(next, generation + 1, null, ending);
    }
  }

  final String id;
  final Plugin plugin;
  final @Nullable Scope parent;
  volatile Status status;
  /** The context of the plugin's current load; an older one is inactive. */
  volatile @Nullable Context current;

  PublishedScope(@Nullable Scope parent, String id, Plugin plugin) {
    this.parent = parent;
    this.id = id;
    this.plugin = plugin;
    this.status = new Status(parent == null ? ScopeState.ACTIVE : ScopeState.PENDING, 0, null,
        false);
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
  public String toString() {
    return "Scope[" + id + "]";
  }

  Context context() {
    return current;
  }

  boolean isCurrent(Context ctx) {
    return ctx == current && state().acceptsRegistrations();
  }

  ScopeInfo info() {
    Status s = status;
    return new ScopeInfo(id, plugin.name(), s.state(), s.generation(), s.error());
  }
}
