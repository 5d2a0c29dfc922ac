package dev.dsh.host.runtime;

import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ServiceKey;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The context handed to one incarnation of a scope's plugin. A restart gives the plugin a new
 * context; the old one stays inactive, so a stale instance can no longer register anything.
 */
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
    Object service = node.lookup(Objects.requireNonNull(key, "key"));
    if (service == null) {
      return Optional.empty();
    }
    Object view = service instanceof ContextAware<?> aware ? aware.bindTo(this) : service;
    return Optional.of(key.type().cast(view));
  }

  @Override
  public <T> T inject(ServiceKey<T> key) {
    return get(key).orElseThrow(() -> new IllegalStateException(
        "service \"" + key.name() + "\" is not provided (asked by scope " + node.id() + ")"));
  }

  @Override
  public <T> Disposable provide(ServiceKey<T> key, T service) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(service, "service");
    return node.provide(this, key, service);
  }

  @Override
  public Scope plugin(Plugin plugin, Map<String, ?> config) {
    Objects.requireNonNull(plugin, "plugin");
    Objects.requireNonNull(config, "config");
    return node.createChild(this, null, plugin, config);
  }

  /** Like {@link #plugin} with the child's id fixed to {@code <this scope's id>/<name>}. */
  Scope plugin(String name, Plugin plugin, Map<String, ?> config) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(plugin, "plugin");
    Objects.requireNonNull(config, "config");
    if (name.isBlank() || name.contains("/")) {
      throw new IllegalArgumentException("scope name must be non-blank without '/': " + name);
    }
    return node.createChild(this, name, plugin, config);
  }

  @Override
  public Disposable effect(Disposable release) {
    Objects.requireNonNull(release, "release");
    return node.add(this, Effect.release(release), "register an effect");
  }

  @Override
  public Disposable accept(ConfigUpdateHandler handler) {
    Objects.requireNonNull(handler, "handler");
    return node.add(this, Effect.updateHandler(handler), "register an update handler");
  }

  @Override
  public String toString() {
    return "Context[" + node.id() + "]";
  }
}
