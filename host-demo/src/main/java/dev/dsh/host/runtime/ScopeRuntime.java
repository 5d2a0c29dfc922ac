package dev.dsh.host.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.host.config.ConfigValidator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A tree of scopes (DESIGN section 3): the root context, the plugins applied under it, their
 * effects and the services they provide.
 *
 * <p><b>Thread model.</b> All methods are thread-safe. One monitor per runtime guards the
 * bookkeeping only; it is never held while plugin code ({@code apply}, release actions, update
 * handlers, {@link ContextAware#bindTo}) or the listener runs. Each scope's transitions are
 * serialized: they run on the thread that asked for them, unless another thread is already
 * performing that scope's transitions, in which case the request is left with that thread, which
 * carries it out as soon as its current step ends (so an update arriving while {@code apply} runs is
 * applied right after, never lost).
 *
 * <ul>
 *   <li>{@link Context#plugin} validates the config and runs {@code apply} on the calling thread;
 *       it returns once the child is {@code ACTIVE}, {@code FAILED} or {@code PENDING} (waiting for
 *       a required service).
 *   <li>{@link Context#provide} loads the pending scopes that were waiting for the service, on the
 *       calling thread, before it returns.
 *   <li>{@link Scope#update} validates on the calling thread (an invalid config throws and changes
 *       nothing); it then takes the update (handler or restart) before returning, or returns at
 *       once when another thread is busy with the scope.
 *   <li>{@link Scope#dispose} and withdrawing a service (the handle returned by {@code provide}, or
 *       the end of the providing scope) block until the scope, or every dependent of the service,
 *       has unloaded. The one exception avoids deadlock: a call made from inside the scope's own
 *       plugin code, or a wait that would close a wait-for cycle between threads, returns at once
 *       and the request is carried out by the busy thread when its step ends.
 *   <li>An interrupted wait returns early with the interrupt flag set; the request stays with the
 *       busy thread.
 *   <li>{@link Context#get} and {@link Context#inject} never block on transitions.
 * </ul>
 *
 * <p>Scope ids are {@code root/<plugin name>} (with {@code -2}, {@code -3}… appended while taken)
 * for children made through {@link Context#plugin}, and {@code root/<id>} for those made through
 * {@link #apply(String, Plugin, Map)}. Configs are validated by the {@link ConfigValidator} against
 * {@link Plugin#configType()} before {@code apply} and before every update, and are never logged.
 */
public final class ScopeRuntime implements AutoCloseable {

  private static final Plugin ROOT_PLUGIN =
      new Plugin() {
        @Override
        public String name() {
          return "root";
        }

        @Override
        public void apply(Context ctx, Config config) {
          // the root applies nothing: it only holds what the host registers on it
        }
      };

  /** How long a plugin call may take unless the runtime is told otherwise. */
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(10);

  private final RuntimeCore core;
  private final ScopeNode root;

  /** A runtime that reports life-cycle events nowhere. */
  public ScopeRuntime(ConfigValidator validator) {
    this(validator, LifecycleListener.none());
  }

  /** A runtime that reports every life-cycle event to {@code listener}. */
  public ScopeRuntime(ConfigValidator validator, LifecycleListener listener) {
    this(validator, listener, DEFAULT_DEADLINE);
  }

  /**
   * A runtime whose plugin calls ({@code apply}, update handlers, release actions) must each
   * return within {@code deadline}: past it, {@code apply} and update handlers fail the scope with
   * {@code apply did not return within 10 s} (the thread left in the call named in the message),
   * and a release action counts as failed; the runtime goes on either way.
   */
  public ScopeRuntime(ConfigValidator validator, LifecycleListener listener, Duration deadline) {
    this.core =
        new RuntimeCore(
            Objects.requireNonNull(validator, "validator"),
            Objects.requireNonNull(listener, "listener"),
            Objects.requireNonNull(deadline, "deadline"));
    this.root = ScopeNode.root(core, ROOT_PLUGIN);
  }

  /** The root context, active until {@link #close()}. */
  public Context root() {
    return root.context();
  }

  /** The root scope ({@code "root"}); it has no config and cannot be updated. */
  public Scope rootScope() {
    return root;
  }

  /**
   * Applies {@code plugin} under the root in a scope whose id is {@code root/<id>}, as {@link
   * Context#plugin} does (for a profile row, {@code id} is the row id).
   *
   * @throws IllegalStateException when a live scope already has that id, or the runtime is closed
   * @throws IllegalArgumentException when {@code id} is blank or contains {@code /}
   */
  public Scope apply(String id, Plugin plugin, Map<String, ?> config) {
    return root.context().plugin(id, plugin, config);
  }

  /** The live scope with {@code id} (such as {@code "root/web"}), if any. */
  public Optional<Scope> find(String id) {
    Objects.requireNonNull(id, "id");
    synchronized (core.monitor()) {
      return Optional.ofNullable(core.lookup(id));
    }
  }

  /** A snapshot of every live scope, root first, depth-first in creation order. */
  public List<ScopeInfo> scopes() {
    return core.snapshot(root);
  }

  /** Disposes the whole tree: children first, then the root's own effects. Idempotent. */
  @Override
  public void close() {
    root.dispose();
    core.shutdown();
  }
}
