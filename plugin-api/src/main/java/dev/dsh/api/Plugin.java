package dev.dsh.api;

import java.util.Optional;
import java.util.Set;

/** A unit of behaviour applied to a {@link Context} in a scope of its own. */
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
   * Registers the plugin's effects through {@code ctx}, on the host's one runtime thread: return
   * promptly (past 10 s the scope fails). A throw fails the scope and releases what it registered.
   */
  void apply(Context ctx, Config config) throws Exception;
}
