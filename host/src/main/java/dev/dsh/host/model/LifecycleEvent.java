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

  /** The error's message on one line ({@link #oneLine}), or its class's simple name. */
  public Optional<String> errorLine() {
    return Optional.ofNullable(error).map(e -> e.getMessage() == null || e.getMessage().isBlank()
        ? e.getClass().getSimpleName() : oneLine(e.getMessage()));
  }

  /** {@code text}'s lines stripped, blank ones dropped: the first, then the rest joined by "; ". */
  public static String oneLine(String text) {
    List<String> lines = text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    return lines.isEmpty() ? "" : lines.size() == 1 ? lines.get(0)
        : lines.get(0) + " " + String.join("; ", lines.subList(1, lines.size()));
  }
}
