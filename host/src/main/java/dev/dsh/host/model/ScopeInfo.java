package dev.dsh.host.model;

import dev.dsh.api.ScopeState;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A snapshot of one scope; {@code error} is set while it is FAILED. */
public record ScopeInfo(
    String id, String pluginName, ScopeState state, long generation, @Nullable Throwable error) {

  /** The error, while failed. */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(error);
  }
}
