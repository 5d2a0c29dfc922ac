package dev.dsh.api;

import java.util.Optional;
import java.util.Set;

/**
 * A unit of behaviour applied to a {@link Context} in a scope of its own.
 *
 * <p>A PF4J plugin's entry is an extension implementing this interface; the host's built-in
 * services implement it too. The host validates a row's config against the JSON Schema of
 * {@link #configType()} — filling its defaults — before {@link #apply} and before every update, so
 * a config that breaks the schema never reaches the plugin.
 */
public interface Plugin {

  /** The plugin's name, used in scope ids and messages. */
  String name();

  /**
   * The services this plugin requires. Its scope stays {@link ScopeState#PENDING} until all are
   * provided, is unloaded when one goes away and applied again when it returns.
   */
  default Set<ServiceKey<?>> inject() {
    return Set.of();
  }

  /** The annotated config class whose schema the row's config must match, if any. */
  default Optional<Class<?>> configType() {
    return Optional.empty();
  }

  /**
   * Applies the plugin: registers its services, providers and other effects through {@code ctx}.
   *
   * <p>Everything registered is released when the scope ends; a plugin needs no unload method.
   * When this throws, the scope becomes {@link ScopeState#FAILED} and whatever it had registered is
   * released.
   *
   * <p>{@code apply}, update handlers and release actions run on the host's one runtime thread,
   * which performs every scope transition: return promptly and never block it (no waiting on I/O,
   * locks or other threads; start long work on threads of your own, stopped by an effect). The host
   * gives each call a deadline (10 s by default); past it the scope fails and the host goes on
   * without the call.
   *
   * @param ctx the scope's context
   * @param config the row's config, validated and with defaults filled
   * @throws Exception any failure; it is kept as the scope's error
   */
  void apply(Context ctx, Config config) throws Exception;
}
