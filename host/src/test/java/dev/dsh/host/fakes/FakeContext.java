package dev.dsh.host.fakes;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.internal.runtime.ContextAware;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * A stand-in for a scope's context: records effects and releases them in reverse on {@link
 * #dispose()}, keeps provided services in a map that several contexts may share, and binds {@link
 * ContextAware} services to the caller as the runtime does.
 */
public final class FakeContext implements Context {

  private final Map<ServiceKey<?>, Object> services;
  private final List<Disposable> effects = Collections.synchronizedList(new ArrayList<>());
  private volatile @Nullable ConfigUpdateHandler handler;
  private volatile boolean active = true;

  /** A context with its own service map. */
  public FakeContext() {
    this(Collections.synchronizedMap(new HashMap<>()));
  }

  /** A context sharing {@code services} with others, like scopes of one tree. */
  public FakeContext(Map<ServiceKey<?>, Object> services) {
    this.services = services;
  }

  /** The shared service map. */
  public Map<ServiceKey<?>, Object> services() {
    return services;
  }

  /** The live effects, in registration order. */
  public List<Disposable> effects() {
    synchronized (effects) {
      return new ArrayList<>(effects);
    }
  }

  /** Offers {@code next} to the registered update handler, as {@code scope.update} would. */
  public boolean offer(Config next) throws Exception {
    ConfigUpdateHandler current = handler;
    if (current == null) {
      throw new IllegalStateException("no update handler registered");
    }
    return current.accept(next);
  }

  /** Ends the scope: registrations are refused and the effects are released in reverse. */
  public void dispose() {
    active = false;
    List<Disposable> toRelease = effects();
    Collections.reverse(toRelease);
    toRelease.forEach(Disposable::dispose);
    effects.clear();
  }

  @Override
  public Scope scope() {
    throw new UnsupportedOperationException("a fake context has no scope");
  }

  @Override
  public boolean isActive() {
    return active;
  }

  @Override
  public <T> Optional<T> get(ServiceKey<T> key) {
    Object service = services.get(key);
    if (service instanceof ContextAware<?> aware) {
      service = aware.bindTo(this);
    }
    return Optional.ofNullable(service).map(key.type()::cast);
  }

  @Override
  public <T> T inject(ServiceKey<T> key) {
    return get(key).orElseThrow(() -> new IllegalStateException("no provider for " + key));
  }

  @Override
  public <T> Disposable provide(ServiceKey<T> key, T service) {
    requireActive();
    if (services.putIfAbsent(key, service) != null) {
      throw new IllegalStateException(key + " is already provided");
    }
    return effect(() -> services.remove(key, service));
  }

  @Override
  public Scope plugin(Plugin plugin, Map<String, ?> config) {
    throw new UnsupportedOperationException("a fake context applies no child plugins");
  }

  @Override
  public Disposable effect(Disposable release) {
    requireActive();
    AtomicBoolean done = new AtomicBoolean();
    Disposable once =
        () -> {
          if (done.compareAndSet(false, true)) {
            release.dispose();
          }
        };
    effects.add(once);
    return () -> {
      effects.remove(once);
      once.dispose();
    };
  }

  @Override
  public Disposable accept(ConfigUpdateHandler next) {
    requireActive();
    handler = next;
    return effect(() -> handler = null);
  }

  private void requireActive() {
    if (!active) {
      throw new IllegalStateException("context is inactive");
    }
  }
}
