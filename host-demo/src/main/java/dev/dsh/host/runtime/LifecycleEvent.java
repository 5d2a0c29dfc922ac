package dev.dsh.host.runtime;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One life-cycle event of a scope, as reported to a {@link LifecycleListener}.
 *
 * <p>Never carries a config value: the error of a config failure is a {@link
 * dev.dsh.api.ConfigException}, whose message holds pointers and messages only.
 *
 * @param kind what happened
 * @param scopeId the scope's id, such as {@code root/web}
 * @param pluginName the name of the plugin the scope applies
 * @param generation the scope's generation once the event's transition completed
 * @param error why the scope failed; present for {@link Kind#FAILED} only
 */
public record LifecycleEvent(
    Kind kind, String scopeId, String pluginName, long generation, @Nullable Throwable error) {

  /** The kinds of events. */
  public enum Kind {
    /** {@code apply} returned: the scope is active. */
    APPLIED,
    /** A config update was taken in place by the plugin's update handler, or adopted while waiting. */
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

  /** The error, for {@link Kind#FAILED}. */
  public Optional<Throwable> failure() {
    return Optional.ofNullable(error);
  }

  /**
   * One line for people, such as {@code applied root/web (web) generation 2}; a failure appends the
   * error's message folded onto the same line ({@code ...: invalid config for root/web: /count:
   * expected an integer; /foo: unknown property}).
   */
  public String describe() {
    String line =
        kind.name().toLowerCase(Locale.ROOT)
            + " "
            + scopeId
            + " ("
            + pluginName
            + ") generation "
            + generation;
    if (error == null) {
      return line;
    }
    return line + ": " + oneLine(error);
  }

  private static String oneLine(Throwable error) {
    String message = error.getMessage();
    if (message == null || message.isBlank()) {
      return error.getClass().getSimpleName();
    }
    List<String> lines = message.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    if (lines.size() == 1) {
      return lines.get(0);
    }
    return lines.get(0) + " " + String.join("; ", lines.subList(1, lines.size()));
  }
}
