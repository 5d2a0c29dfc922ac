package dev.dsh.host;

import static dev.dsh.host.model.LifecycleEvent.oneLine;

import dev.dsh.api.ConfigException;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.RowReconciler.AppliedRow;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.internal.runtime.RuntimeThread.PluginCallTimeoutException;
import dev.dsh.host.model.ProfileException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/** How failed rows are told, and why the profile is not applied (the admin thread writes). */
final class RowFailures {

  private final boolean verbose;
  private final Consumer<String> events;
  private volatile Optional<String> problem = Optional.empty();
  private volatile boolean everApplied;

  RowFailures(boolean verbose, Consumer<String> events) {
    this.verbose = verbose;
    this.events = events;
  }

  void applied() {
    everApplied = true;
    problem = Optional.empty();
  }

  String notApplied(String profile, ProfileException error) {
    String line = oneLine(everApplied
        ? "profile not applied, the previous tree keeps serving: " + error.getMessage()
        : "profile \"" + profile + "\" is not applied, so no plugin row runs: " + error.getMessage()
            + "; fix the file and dsh applies it once it is saved, without a restart");
    problem = Optional.of(line);
    return line;
  }

  Optional<String> problem() {
    return problem;
  }

  /**
   * While no tree of the profile's own has applied, what a search fails with while no provider is
   * registered: the base layer's answer ("install and enable a web search plugin") would mislead.
   */
  Optional<String> refusal() {
    return everApplied ? Optional.empty() : problem;
  }

  /** {@code row "x" failed: <cause>}; with {@code --verbose}, the stack trace is reported first. */
  String line(AppliedRow row) {
    stackTrace(row);
    return "row \"" + row.row().id() + "\" failed: " + cause(row);
  }

  /** For a one-shot boot: reports the failed rows it goes on without; returns those that end it. */
  List<String> onBoot(List<AppliedRow> failed, Set<String> builtins, Optional<String> pin,
      List<ProviderStatus> providers) {
    boolean selectionNeedsThem = pin
        .map(id -> providers.stream().noneMatch(p -> p.id().equals(id)))
        .orElseGet(() -> providers.stream().noneMatch(ProviderStatus::available));
    List<AppliedRow> fatal = failed.stream()
        .filter(row -> selectionNeedsThem || builtins.contains(row.row().name()))
        .toList();
    if (!fatal.isEmpty()) {
      return fatal.stream().map(this::line).toList();
    }
    for (AppliedRow row : failed) {
      events.accept(oneLine("row \"" + row.row().id()
          + "\" failed, auto-selection runs without it: " + cause(row)));
      stackTrace(row);
    }
    return List.of();
  }

  private void stackTrace(AppliedRow row) {
    row.scope().error().filter(error -> verbose).ifPresent(error -> {
      StringWriter text = new StringWriter();
      error.printStackTrace(new PrintWriter(text));
      events.accept(text.toString().stripTrailing());
    });
  }

  /** A config error's or missed deadline's message, else each cause's class and message. */
  private static String cause(AppliedRow row) {
    @Nullable Throwable error = row.scope().error().orElse(null);
    if (error == null) {
      return "unknown error";
    }
    if (error instanceof ConfigException || error instanceof PluginCallTimeoutException) {
      return oneLine(String.valueOf(error.getMessage()));
    }
    StringBuilder line = new StringBuilder(PluginLoader.describe(error));
    int depth = 0;
    for (Throwable cause = error.getCause(); cause != null && cause != error && depth < 5;
        cause = cause.getCause(), depth++) {
      line.append(" (caused by ").append(PluginLoader.describe(cause)).append(')');
    }
    return oneLine(line.toString());
  }
}
