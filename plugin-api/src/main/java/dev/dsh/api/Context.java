package dev.dsh.api;

import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebService;
import java.util.Map;
import java.util.Optional;

/**
 * A plugin's view of the host, bound to the plugin's {@link Scope}.
 *
 * <p>Everything registered through a context — services, providers, child plugins, update
 * handlers, release actions — is an effect owned by its scope and released when the scope ends.
 * While the scope is {@link ScopeState#UNLOADING} or {@link ScopeState#DISPOSED} every
 * registration throws {@link IllegalStateException} ("context is inactive").
 */
public interface Context {

  /** The scope this context belongs to. */
  Scope scope();

  /** True while registrations are accepted (the scope is loading or active). */
  boolean isActive();

  /**
   * Looks up a service, non-reactively: the answer holds at the time of the call only. Use it for
   * optional services, at the moment they are needed.
   */
  <T> Optional<T> get(ServiceKey<T> key);

  /**
   * Looks up a service this plugin declared in {@link Plugin#inject()}: while the scope is active
   * it is present.
   *
   * @throws IllegalStateException when no provider is registered for {@code key}
   */
  <T> T inject(ServiceKey<T> key);

  /**
   * Provides a service as an effect of this scope. Scopes waiting for it load; when this scope
   * ends, its dependents are unloaded before the service is withdrawn.
   *
   * @return a handle that withdraws the service early
   * @throws IllegalStateException when another scope already provides {@code key} (the message
   *     names both scopes), or when this context is inactive
   */
  <T> Disposable provide(ServiceKey<T> key, T service);

  /**
   * Applies {@code plugin} in a new child scope with {@code config}. Failures of the child do not
   * propagate: they show as the child's {@link ScopeState#FAILED} state.
   *
   * @throws IllegalStateException when this context is inactive
   */
  Scope plugin(Plugin plugin, Map<String, ?> config);

  /**
   * Registers a release action that runs when this scope ends, in reverse order of registration.
   *
   * @return a handle that runs the action early (and removes it from the scope)
   * @throws IllegalStateException when this context is inactive
   */
  Disposable effect(Disposable release);

  /**
   * Registers the handler that takes config updates in place. Without one, every valid update
   * restarts the scope.
   *
   * @throws IllegalStateException when this context is inactive
   */
  Disposable accept(ConfigUpdateHandler handler);

  /**
   * The web seam ({@code ctx.web}); the plugin must list {@link WebService#KEY} in {@link
   * Plugin#inject()}.
   */
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
