package dev.dsh.host.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One life-cycle event of a scope. Never carries a config value: the error of a config failure is
 * a {@link dev.dsh.api.ConfigException}, whose message holds pointers and messages only.
 *
 * @param generation the scope's generation once the event's transition completed
 * @param error why the scope failed; present for {@link Kind#FAILED} only
 */
public record LifecycleEvent(
    Kind kind, String scopeId, String pluginName, long generation, @Nullable Throwable error) {

  /** The kinds of events. */
  public enum Kind {
    /** {@code apply} returned: the scope is active. */
    APPLIED,
    /** An update taken in place by the plugin's update handler, or adopted while waiting. */
    UPDATED,
    /** Config validation or {@code apply} failed; the scope's effects have been released. */
    FAILED,
    /** The scope's effects were released because a required service went away or for a restart. */
    UNLOADED,
    /** The scope ended for good. */
    DISPOSED
  }

  public LifecycleEvent {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(scopeId, "scopeId");
    Objects.requireNonNull(pluginName, "pluginName");
  }

  /**
   * One line for people, such as {@code applied root/web (web) generation 2}; a failure appends
   * {@link #errorLine()} ({@code ...: invalid config for root/web: /count: expected an integer;
   * /foo: unknown property}).
   */
  public String describe() {
    String line = kind.name().toLowerCase(Locale.ROOT) + " " + scopeId + " (" + pluginName
        + ") generation " + generation;
    return errorLine().map(why -> line + ": " + why).orElse(line);
  }

  /**
   * The error's message folded onto one line (its first line, then the others joined by {@code
   * "; "}), or the error's class name when it has no message; empty without an error.
   */
  public Optional<String> errorLine() {
    if (error == null) {
      return Optional.empty();
    }
    String message = error.getMessage();
    List<String> lines = message == null ? List.of()
        : message.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    if (lines.isEmpty()) {
      return Optional.of(error.getClass().getSimpleName());
    }
    String rest = String.join("; ", lines.subList(1, lines.size()));
    return Optional.of(lines.get(0) + (rest.isEmpty() ? "" : " " + rest));
  }
}
