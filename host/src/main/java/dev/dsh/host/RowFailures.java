package dev.dsh.host;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.RowReconciler.AppliedRow;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.web.ProviderPin;
import dev.dsh.host.internal.web.WebPlugin;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * How failed rows are told and when they end a one-shot command (issue 10 item 4): one line with
 * the cause (the stack trace too with {@code --verbose}); fatal when the row is a built-in, or when
 * provider selection may need it (the pinned provider is not registered, or nothing is pinned and
 * no provider is available); any other failed row is reported and the command goes on.
 */
final class RowFailures {

  private final boolean verbose;
  private final Consumer<String> events;

  RowFailures(boolean verbose, Consumer<String> events) {
    this.verbose = verbose;
    this.events = events;
  }

  /** {@code row "x" failed: <cause>}; with {@code --verbose}, the stack trace is reported first. */
  String line(AppliedRow row) {
    Throwable error = row.scope().error().orElse(null);
    if (verbose && error != null) {
      events.accept(FailureText.stackTrace(error));
    }
    return "row \"" + row.row().id() + "\" failed: " + FailureText.of(error);
  }

  /** The pinned provider id of {@code profile}, read by the web service's own rule. */
  static Optional<String> pin(ComposedProfile profile, LaunchEnvironment env) {
    return ProviderPin.read(profile.row(WebPlugin.NAME).filter(row -> !row.disabled())
        .map(row -> row.config().get("searchProvider")), env);
  }

  /**
   * For a one-shot boot: reports the failed rows the command can go on without and returns the
   * lines of those that end it.
   */
  List<String> onBoot(List<AppliedRow> failed, BuiltinPlugins builtins, Optional<String> pin,
      List<ProviderStatus> providers) {
    boolean selectionNeedsThem = pin
        .map(id -> providers.stream().noneMatch(p -> p.id().equals(id)))
        .orElseGet(() -> providers.stream().noneMatch(ProviderStatus::available));
    List<AppliedRow> fatal = failed.stream()
        .filter(row -> selectionNeedsThem || builtins.find(row.row().name()).isPresent())
        .toList();
    if (!fatal.isEmpty()) {
      return fatal.stream().map(this::line).toList();
    }
    for (AppliedRow row : failed) {
      Throwable error = row.scope().error().orElse(null);
      events.accept(OneLine.of("row \"" + row.row().id()
          + "\" failed, auto-selection runs without it: " + FailureText.of(error)));
      if (verbose && error != null) {
        events.accept(FailureText.stackTrace(error));
      }
    }
    return List.of();
  }
}
