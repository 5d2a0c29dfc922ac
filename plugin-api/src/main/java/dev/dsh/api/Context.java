package dev.dsh.api;

import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebService;
import java.util.Map;
import java.util.Optional;

/**
 * A plugin's view of the host, bound to its {@link Scope}: what it registers is released when the
 * scope ends; once the scope unloads, a registration throws {@link IllegalStateException}.
 */
public interface Context {

  /** The scope this context belongs to. */
  Scope scope();

  /** True while registrations are accepted (the scope is loading or active). */
  boolean isActive();

  /** Looks up a service; the answer holds at the time of the call only. */
  <T> Optional<T> get(ServiceKey<T> key);

  /** A service declared in {@link Plugin#inject()}; {@link IllegalStateException} when none is. */
  <T> T inject(ServiceKey<T> key);

  /**
   * Provides a service until this scope ends (its dependents unload first) or the handle is
   * disposed; {@link IllegalStateException}, naming both scopes, when another scope provides it.
   */
  <T> Disposable provide(ServiceKey<T> key, T service);

  /** Applies {@code plugin} in a new child scope; a failure shows as {@link ScopeState#FAILED}. */
  Scope plugin(Plugin plugin, Map<String, ?> config);

  /** Runs {@code release} when this scope ends, newest first; the handle runs it early. */
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
