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

  private final RuntimeCore core;
  private final ScopeNode node;
  private final int incarnation;

  ScopeContext(RuntimeCore core, ScopeNode node, int incarnation) {
    this.core = core;
    this.node = node;
    this.incarnation = incarnation;
  }

  @Override
  public Scope scope() {
    return node;
  }

  @Override
  public boolean isActive() {
    return node.acceptsRegistrations(incarnation);
  }

  @Override
  public <T> Optional<T> get(ServiceKey<T> key) {
    Objects.requireNonNull(key, "key");
    Object service;
    synchronized (core.monitor()) {
      service = core.registry().lookup(key);
    }
    if (service == null) {
      return Optional.empty();
    }
    Object view = service instanceof ContextAware<?> aware ? aware.bindTo(this) : service;
    return Optional.of(key.type().cast(view));
  }

  @Override
  public <T> T inject(ServiceKey<T> key) {
    return get(key)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "service \"" + key.name() + "\" is not provided (asked by scope "
                        + node.id() + ")"));
  }

  @Override
  public <T> Disposable provide(ServiceKey<T> key, T service) {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(service, "service");
    Effect effect;
    synchronized (core.monitor()) {
      node.checkActiveLocked(incarnation, "provide service \"" + key.name() + "\"");
      ServiceRegistry.Entry entry = core.registry().register(node, key, service);
      effect =
          node.addEffectLocked(
              incarnation,
              Effect.service(key.name(), () -> core.registry().withdraw(entry)),
              "provide service \"" + key.name() + "\"");
    }
    core.wakeDependents(key);
    return node.handleFor(effect);
  }

  @Override
  public Scope plugin(Plugin plugin, Map<String, ?> config) {
    Objects.requireNonNull(plugin, "plugin");
    Objects.requireNonNull(config, "config");
    return core.createChild(node, incarnation, null, plugin, config);
  }

  /** Like {@link #plugin} with the child's id fixed to {@code <this scope's id>/<name>}. */
  Scope plugin(String name, Plugin plugin, Map<String, ?> config) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(plugin, "plugin");
    Objects.requireNonNull(config, "config");
    if (name.isBlank() || name.contains("/")) {
      throw new IllegalArgumentException("scope name must be non-blank without '/': " + name);
    }
    return core.createChild(node, incarnation, name, plugin, config);
  }

  @Override
  public Disposable effect(Disposable release) {
    Objects.requireNonNull(release, "release");
    Effect effect;
    synchronized (core.monitor()) {
      effect = node.addEffectLocked(incarnation, Effect.release(release), "register an effect");
    }
    return node.handleFor(effect);
  }

  @Override
  public Disposable accept(ConfigUpdateHandler handler) {
    Objects.requireNonNull(handler, "handler");
    Effect effect;
    synchronized (core.monitor()) {
      effect =
          node.addEffectLocked(
              incarnation, Effect.updateHandler(handler), "register an update handler");
    }
    return node.handleFor(effect);
  }

  @Override
  public String toString() {
    return "Context[" + node.id() + "]";
  }
}
