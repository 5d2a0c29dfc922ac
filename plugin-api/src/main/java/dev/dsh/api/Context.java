package dev.dsh.api;

import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebService;
import java.util.Map;
import java.util.Optional;

/**
 * A plugin's view of the host, bound to its {@link Scope}. Everything registered through it is an
 * effect of the scope, released when the scope ends; while the scope is unloading or disposed,
 * every registration throws {@link IllegalStateException} ("context is inactive").
 */
public interface Context {

  /** The scope this context belongs to. */
  Scope scope();

  /** True while registrations are accepted (the scope is loading or active). */
  boolean isActive();

  /** Looks up a service; the answer holds at the time of the call only. */
  <T> Optional<T> get(ServiceKey<T> key);

  /**
   * Looks up a service this plugin declared in {@link Plugin#inject()}, present while the scope is
   * active.
   *
   * @throws IllegalStateException when no provider is registered for {@code key}
   */
  <T> T inject(ServiceKey<T> key);

  /**
   * Provides a service as an effect of this scope; scopes waiting for it load. When this scope
   * ends, its dependents unload before the service is withdrawn.
   *
   * @return a handle that withdraws the service early
   * @throws IllegalStateException when another scope provides {@code key} (naming both scopes)
   */
  <T> Disposable provide(ServiceKey<T> key, T service);

  /**
   * Applies {@code plugin} in a new child scope with {@code config}. A failure of the child shows
   * as its {@link ScopeState#FAILED} state.
   */
  Scope plugin(Plugin plugin, Map<String, ?> config);

  /**
   * Registers a release action that runs when this scope ends, in reverse order of registration.
   *
   * @return a handle that runs the action early (and removes it from the scope)
   */
  Disposable effect(Disposable release);

  /** Registers the handler that takes config updates in place; without one, updates restart. */
  Disposable accept(ConfigUpdateHandler handler);

  /** The web seam ({@code ctx.web}); list {@link WebService#KEY} in {@link Plugin#inject()}. */
  default WebService web() {
    return inject(WebService.KEY);
  }

  /** The credentials service ({@code ctx.credentials}), when one is mounted. */
  default Optional<CredentialService> credentials() {
    return get(CredentialService.KEY);
  }

  /** The launch environment: the mounted {@code env} service, else the process environment. */
  default LaunchEnvironment env() {
    return get(LaunchEnvironment.KEY).orElseGet(LaunchEnvironment::system);
  }
}
