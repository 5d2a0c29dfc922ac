package dev.dsh.host.internal.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.runtime.RuntimeThread.Callback;
import dev.dsh.host.model.LifecycleEvent.Kind;
import dev.dsh.host.model.LifecycleListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A scope's transitions and what it holds; touched on the runtime thread only, so no lock. */
final class ScopeNode extends PublishedScope {

  private static final Logger LOG = LoggerFactory.getLogger(ScopeNode.class);

  /** What a runtime's scopes share; {@code services} is written on its thread, read from any. */
  record Tree(RuntimeThread loop, SchemaConfigValidator validator, LifecycleListener listener,
      Map<String, ScopeNode> index, Map<ServiceKey<?>, Service> services,
      Function<ScopeNode, Context> contexts) {}

  /** One provided service; compared by identity, so an old handle never removes a newer one. */
  record Service(ServiceKey<?> key, Object service, ScopeNode provider) {}

  /** A release action, or an update handler (with nothing to release); leaves the list once. */
  record Effect(Disposable release, @Nullable ConfigUpdateHandler handler) {}

  final Tree tree;
  /** What this load registered, in order; the runtime thread's only. */
  final List<Effect> effects = new ArrayList<>();
  private final Set<ServiceKey<?>> requires;
  private @Nullable Config config;

  /** A root ({@code parent} null, active until disposed) or a child, FAILED on an invalid config. */
  ScopeNode(Tree tree, @Nullable ScopeNode parent, String id, Plugin plugin, Map<String, ?> raw) {
    super(parent, id, plugin, tree.listener());
    this.tree = tree;
    this.requires = Set.copyOf(plugin.inject());
    this.current = tree.contexts().apply(this);
    tree.index().put(id, this);
    if (parent != null) {
      parent.children.add(this);
      try {
        config = tree.validator().validate(id, plugin.configType().orElse(null), raw);
      } catch (RuntimeException e) { // a ConfigException, or the validator's own failure
        to(ScopeState.FAILED, e);
        emit(Kind.FAILED);
      }
    }
  }

  @Override
  public void update(Map<String, ?> raw) {
    if (parent == null) {
      throw new UnsupportedOperationException("the root scope has no config");
    }
    checkNotEnding();
    Config next = tree.validator().validate(id, plugin.configType().orElse(null), raw);
    tree.loop().run(() -> updateNow(next));
  }

  @Override
  public void dispose() {
    if (state() != ScopeState.DISPOSED) {
      tree.loop().run(this::disposeNow);
    }
  }

  int liveEffectCount() {
    return tree.loop().call(() -> effects.size() + children.size() + services().size());
  }

  /** Loads or unloads as the required services say, until nothing more is to be done. */
  void settle() {
    while (true) {
      if (state() == ScopeState.PENDING && config != null && ready()) {
        load();
      } else if (state() == ScopeState.ACTIVE && !ready() && !busy()) {
        end(ScopeState.PENDING, null);
      } else {
        return;
      }
    }
  }

  private void updateNow(Config next) {
    checkNotEnding();
    if (deferred(() -> updateNow(next))) {
      return;
    }
    boolean taken = false;
    ConfigUpdateHandler handler = effects.stream().map(Effect::handler).filter(Objects::nonNull)
        .reduce((older, newer) -> newer).orElse(null);
    if (state() == ScopeState.ACTIVE && handler != null) {
      try {
        taken = tree.loop().guard(this, Callback.UPDATE_HANDLER, () -> handler.accept(next));
      } catch (Exception e) {
        LOG.warn("update handler of scope {} ({}) failed, restarting: {}", id, plugin.name(),
            e.toString());
      }
    }
    config = next;
    if (state() == ScopeState.ACTIVE && !taken) {
      end(ScopeState.PENDING, null); // settle loads the new config
    } else if (taken || !ready()) {
      to(taken ? ScopeState.ACTIVE : ScopeState.PENDING, null);
      emit(Kind.UPDATED);
    } else {
      load();
    }
    settle();
  }

  private void load() {
    Context ctx = tree.contexts().apply(this);
    current = ctx;
    to(ScopeState.LOADING, null);
    try {
      tree.loop().guard(this, Callback.APPLY, () -> {
        plugin.apply(ctx, Objects.requireNonNull(config));
        return null;
      });
    } catch (RuntimeThread.Abandoned a) {
      throw a;
    } catch (Throwable t) {
      end(ScopeState.FAILED, t);
      return;
    }
    to(ScopeState.ACTIVE, null);
    emit(Kind.APPLIED);
  }

  private void disposeNow() {
    if (state() == ScopeState.DISPOSED || deferred(this::disposeNow)) {
      return;
    }
    ending = true;
    end(ScopeState.DISPOSED, null);
  }

  /** Releases what it holds, then {@code to}; also finishes a release an abandoned thread began. */
  void end(ScopeState to, @Nullable Throwable cause) {
    if (to == ScopeState.FAILED) {
      to(ScopeState.FAILED, cause); // inactive at once, so nothing registers while releasing
      LOG.debug("scope {} ({}) failed", id, plugin.name(), cause); // the FAILED event reports it
    } else if (state() != ScopeState.UNLOADING) {
      to(ScopeState.UNLOADING, null);
    }
    releaseAll();
    if (to != ScopeState.FAILED) {
      to(to, null);
    }
    if (to == ScopeState.DISPOSED) {
      tree.index().remove(id, this);
      if (parent instanceof PublishedScope up) {
        up.children.remove(this);
      }
    }
    emit(to == ScopeState.PENDING ? Kind.UNLOADED : Kind.valueOf(to.name()));
  }

  /** Withdraws this scope's services (dependents unload), disposes children, then effects. */
  void releaseAll() {
    services().forEach(this::withdraw);
    List<Scope> kids = children();
    for (int i = kids.size() - 1; i >= 0; i--) {
      ((ScopeNode) kids.get(i)).disposeNow();
    }
    while (!effects.isEmpty()) {
      release(effects.remove(effects.size() - 1));
    }
  }

  /** Runs a release action under the deadline; one that fails does not stop the others. */
  void release(Effect effect) {
    if (effect.handler() == null) {
      try {
        tree.loop().guard(this, Callback.RELEASE_ACTION, () -> {
          effect.release().dispose();
          return null;
        });
      } catch (Exception | LinkageError e) { // one line: nothing else reports it
        LOG.warn("releasing release action of scope {} ({}) failed: {}", id, plugin.name(),
            e.toString());
      }
    }
  }

  void withdraw(Service entry) {
    if (tree.services().get(entry.key()) == entry) {
      tree.services().remove(entry.key());
      settleDependents(entry.key());
    }
  }

  void settleDependents(ServiceKey<?> key) {
    for (ScopeNode node : List.copyOf(tree.index().values())) {
      if (node.requires.contains(key)) {
        node.settle(); // an earlier one may have moved it: settle looks at its state again
      }
    }
  }

  private boolean ready() {
    return tree.services().keySet().containsAll(requires);
  }

  private List<Service> services() {
    return tree.services().values().stream().filter(s -> s.provider() == this).toList();
  }

  /** Queues {@code step} to run right after this scope's own step when that is under way. */
  private boolean deferred(Runnable step) {
    boolean busy = busy();
    if (busy) {
      tree.loop().later(step);
    }
    return busy;
  }

  private boolean busy() {
    ScopeState state = state();
    return state == ScopeState.LOADING || state == ScopeState.UNLOADING || tree.loop().inCall(this);
  }
}
