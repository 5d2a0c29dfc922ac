package dev.dsh.host.model;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** One life-cycle event of a scope, never a config value; {@code error} for FAILED only. */
public record LifecycleEvent(
    Kind kind, String scopeId, String pluginName, long generation, @Nullable Throwable error) {

  /** UNLOADED: effects released as a required service went away, or for a restart. */
  public enum Kind { APPLIED, UPDATED, FAILED, UNLOADED, DISPOSED }

  /** One line for people: {@code applied root/web (web) generation 2}, then any error line. */
  public String describe() {
    String line = kind.name().toLowerCase(Locale.ROOT) + " " + scopeId + " (" + pluginName
        + ") generation " + generation;
    return errorLine().map(why -> line + ": " + why).orElse(line);
  }

  /** The error's message on one line (lines joined by {@code "; "}), or its class's simple name. */
  public Optional<String> errorLine() {
    if (error == null) {
      return Optional.empty();
    }
    List<String> lines = String.valueOf(error.getMessage()).lines().map(String::strip)
        .filter(l -> !l.isEmpty()).toList();
    if (error.getMessage() == null || lines.isEmpty()) {
      return Optional.of(error.getClass().getSimpleName());
    }
    String rest = String.join("; ", lines.subList(1, lines.size()));
    return Optional.of(lines.get(0) + (rest.isEmpty() ? "" : " " + rest));
  }
}
