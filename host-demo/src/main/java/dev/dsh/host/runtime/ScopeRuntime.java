package dev.dsh.host.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.host.config.ConfigValidator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A tree of scopes (docs/ARCHITECTURE.md, section 2): the root context, the plugins applied under it, their
 * effects and the services they provide.
 *
 * <p><b>Thread model.</b> Every transition runs on the runtime's one thread, one at a time in the
 * order asked: {@code apply}, update handlers, release actions and service (un)registration. A
 * public operation ({@link Context#plugin}, {@link Context#provide}, {@link Scope#update}, {@link
 * Scope#dispose}, the handles they return) called from another thread is handed to it and waits
 * for the result; called from the runtime thread (a plugin's {@code apply} creating a child) it runs
 * in place. {@link Scope#dispose} returns once the scope is {@code DISPOSED}; asked from inside the
 * scope's own step (its {@code apply} disposing it), it is taken right after that step, and so is
 * an update. {@link Context#get}, the scope getters and {@link #scopes()} never wait: they read
 * what the runtime thread published.
 *
 * <p>Plugin code must not block the runtime thread. Each plugin call has a deadline ({@link
 * #DEFAULT_DEADLINE} unless told otherwise): past it the scope is {@code FAILED} with {@code apply
 * did not return within 10 s; thread "…" is left in it} (an update handler likewise; a release
 * action counts as failed), the runtime goes on on a fresh thread, and whatever the abandoned call
 * does if it ever returns is refused.
 *
 * <p>Scope ids are {@code root/<plugin name>} (with {@code -2}, {@code -3}… appended while taken)
 * for children made through {@link Context#plugin}, and {@code root/<id>} for those made through
 * {@link #apply(String, Plugin, Map)}. Configs are validated by the {@link ConfigValidator} against
 * {@link Plugin#configType()} before {@code apply} and before every update, and are never logged.
 */
public final class ScopeRuntime implements AutoCloseable {

  /** How long a plugin call may take unless the runtime is told otherwise. */
  public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(10);

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

  private final NavigableMap<String, ScopeNode> index = new ConcurrentSkipListMap<>();
  private final RuntimeThread loop;
  private final ScopeNode root;
  private volatile List<ScopeInfo> published = List.of();

  /** A runtime that reports life-cycle events nowhere. */
  public ScopeRuntime(ConfigValidator validator) {
    this(validator, LifecycleListener.none());
  }

  /** A runtime that reports every life-cycle event to {@code listener}. */
  public ScopeRuntime(ConfigValidator validator, LifecycleListener listener) {
    this(validator, listener, DEFAULT_DEADLINE);
  }

  /** A runtime whose plugin calls must each return within {@code deadline}. */
  public ScopeRuntime(ConfigValidator validator, LifecycleListener listener, Duration deadline) {
    Objects.requireNonNull(validator, "validator");
    Objects.requireNonNull(listener, "listener");
    if (deadline.isNegative() || deadline.isZero()) {
      throw new IllegalArgumentException("the plugin deadline must be positive: " + deadline);
    }
    this.loop = new RuntimeThread(deadline, this::recover, this::publish);
    this.root = new ScopeNode(loop, new ServiceRegistry(), validator, listener, index,
        ScopeContext::new, ROOT_PLUGIN);
    publish();
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
    return ((ScopeContext) root.context()).plugin(id, plugin, config);
  }

  /** The live scope with {@code id} (such as {@code "root/web"}), if any. */
  public Optional<Scope> find(String id) {
    return Optional.ofNullable(index.get(Objects.requireNonNull(id, "id")));
  }

  /**
   * Every live scope, root first, depth-first in creation order, as the runtime thread published
   * it after its last task: never waits for a transition in progress.
   */
  public List<ScopeInfo> scopes() {
    return published;
  }

  /** Disposes the whole tree: children first, then the root's own effects. Idempotent. */
  @Override
  public void close() {
    root.dispose();
    loop.stop();
  }

  private void publish() {
    List<ScopeInfo> out = new ArrayList<>();
    if (root != null) {
      root.describe(out);
    }
    published = List.copyOf(out);
  }

  /** On the fresh runtime thread: fail the abandoned calls' scopes, then settle the tree. */
  private void recover(List<RuntimeThread.Call> abandoned) {
    for (RuntimeThread.Call call : abandoned) {
      ((ScopeNode) call.owner()).abandoned(call.what(), call.error());
    }
    List.copyOf(index.descendingMap().values()).forEach(ScopeNode::resume);
    List.copyOf(index.values()).forEach(ScopeNode::settle);
  }
}
