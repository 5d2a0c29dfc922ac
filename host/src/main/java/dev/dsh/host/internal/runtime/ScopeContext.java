package dev.dsh.host.internal.runtime;

import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ServiceKey;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/** What one load of a scope's plugin sees; it registers while current, loading or active. */
final class ScopeContext implements Context {

  private final ScopeNode node;

  ScopeContext(ScopeNode node) {
    this.node = node;
  }

  @Override
  public Scope scope() {
    return node;
  }

  @Override
  public boolean isActive() {
    return node.isCurrent(this);
  }

  @Override
  public <T> Optional<T> get(ServiceKey<T> key) {
    return Optional.ofNullable(node.tree.services().get(Objects.requireNonNull(key, "key")))
        .map(entry -> key.type().cast(entry.service() instanceof ContextAware<?> aware
            ? aware.bindTo(this) : entry.service()));
  }

  @Override
  public <T> T inject(ServiceKey<T> key) {
    return get(key).orElseThrow(() -> new IllegalStateException(
        "service \"" + key.name() + "\" is not provided (asked by scope " + node.id() + ")"));
  }

  @Override
  public <T> Disposable provide(ServiceKey<T> key, T service) {
    Objects.requireNonNull(service, "service");
    return registering("provide service \"" + key.name() + "\"", () -> {
      ScopeNode.Service entry = new ScopeNode.Service(key, service, node);
      ScopeNode.Service other = node.tree.services().putIfAbsent(key, entry);
      if (other != null) {
        throw new IllegalStateException("service \"" + key.name() + "\" is already provided by"
            + " scope " + other.provider().id() + "; scope " + node.id() + " cannot provide it too");
      }
      node.settleDependents(key);
      return () -> node.tree.loop().run(() -> node.withdraw(entry));
    });
  }

  @Override
  public Scope plugin(Plugin plugin, Map<String, ?> config) {
    return plugin(null, plugin, config);
  }

  /** As {@link #plugin(Plugin, Map)}; a {@code name} fixes the child id to {@code <id>/<name>}. */
  Scope plugin(@Nullable String name, Plugin plugin, Map<String, ?> config) {
    Objects.requireNonNull(config, "config");
    if (name != null && (name.isBlank() || name.contains("/"))) {
      throw new IllegalArgumentException("scope name must be non-blank without '/': " + name);
    }
    ScopeNode[] child = new ScopeNode[1]; // kept even when its apply gets stuck
    registering("apply plugin " + plugin.name(), () -> {
      String base = node.id() + "/" + (name == null ? plugin.name() : name);
      String id = base;
      for (int i = 2; node.tree.index().containsKey(id); i++) {
        if (name != null) {
          throw new IllegalStateException("scope id " + base + " is taken");
        }
        id = base + "-" + i;
      }
      child[0] = new ScopeNode(node.tree, node, id, plugin, config);
      child[0].settle();
      return null;
    });
    return child[0];
  }

  @Override
  public Disposable effect(Disposable release) {
    Objects.requireNonNull(release, "release");
    return holding("register an effect", new ScopeNode.Effect(release, null));
  }

  @Override
  public Disposable accept(ConfigUpdateHandler handler) {
    Objects.requireNonNull(handler, "handler");
    return holding("register an update handler", new ScopeNode.Effect(Disposable.noop(), handler));
  }

  @Override
  public String toString() {
    return "Context[" + node.id() + "]";
  }

  /** Adds {@code effect}; the handle releases it early, from any thread, at most once. */
  private Disposable holding(String what, ScopeNode.Effect effect) {
    return registering(what, () -> {
      node.effects.add(effect);
      return () -> node.tree.loop().run(() -> {
        if (node.effects.removeIf(held -> held == effect)) {
          node.release(effect);
        }
      });
    });
  }

  /** Runs {@code registration} on the runtime thread if this context is active by then. */
  private <T> T registering(String what, Supplier<T> registration) {
    return node.tree.loop().call(() -> {
      if (!isActive()) {
        throw new IllegalStateException("context is inactive: scope " + node.id() + " is "
            + node.state() + "; cannot " + what);
      }
      return registration.get();
    });
  }
}
