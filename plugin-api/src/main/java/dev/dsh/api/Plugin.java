package dev.dsh.api;

import java.util.Optional;
import java.util.Set;

/**
 * A unit of behaviour applied to a {@link Context} in a scope of its own: a PF4J plugin's entry, or
 * a built-in. The host checks a row's config against the JSON Schema of {@link #configType()},
 * filling its defaults, before {@link #apply} and every update.
 */
public interface Plugin {

  /** The plugin's name, used in scope ids and messages. */
  String name();

  /** The services it requires: its scope waits, unloads and reloads with them. */
  default Set<ServiceKey<?>> inject() {
    return Set.of();
  }

  /** The annotated config class whose schema the row's config must match, if any. */
  default Optional<Class<?>> configType() {
    return Optional.empty();
  }

  /**
   * Registers the plugin's services, providers and other effects through {@code ctx}; they are
   * released when the scope ends. When this throws, the scope is {@link ScopeState#FAILED} and what
   * it registered is released.
   *
   * <p>It runs, like update handlers and release actions, on the host's one runtime thread: return
   * promptly and never block it (start long work on threads of your own, stopped by an effect).
   * Past a deadline (10 s by default) the scope fails and the host goes on without the call.
   *
   * @param config the row's config, validated and with defaults filled
   * @throws Exception any failure; it is kept as the scope's error
   */
  void apply(Context ctx, Config config) throws Exception;
}
