package dev.dsh.host.runtime;

import dev.dsh.api.ScopeState;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of one scope, for status listings.
 *
 * @param id the scope id, such as {@code root/web}
 * @param pluginName the name of the plugin the scope applies
 * @param state the state when the snapshot was taken
 * @param generation the generation when the snapshot was taken
 * @param error the error while {@link ScopeState#FAILED}
 */
public record ScopeInfo(
    String id, String pluginName, ScopeState state, long generation, @Nullable Throwable error) {

  public ScopeInfo {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(pluginName, "pluginName");
    Objects.requireNonNull(state, "state");
  }

  /** The error, while failed. */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(error);
  }
}
