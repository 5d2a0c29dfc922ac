package dev.dsh.host;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import dev.dsh.host.json.StatusJson.RefusedConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/** Keeps a scope {@code root/<row id>} per enabled row; on the host's admin thread only. */
final class RowReconciler {

  record AppliedRow(ProfileRow row, Plugin plugin, Scope scope) {}

  private final ScopeRuntime runtime;
  private final Function<String, Optional<Plugin>> resolve;
  private final Map<String, AppliedRow> applied = new LinkedHashMap<>();
  // Written by the admin thread at each reconcile, read by status from any thread.
  private volatile List<RefusedConfig> refused = List.of();

  /** @param resolve finds the plugin a row's {@code name} names: a built-in or a loaded plugin */
  RowReconciler(ScopeRuntime runtime, Function<String, Optional<Plugin>> resolve) {
    this.runtime = runtime;
    this.resolve = resolve;
  }

  /** Checks {@code config} as the plugin {@code name} binds it when the row applies. */
  Optional<Object> check(String rowId, String name, Map<String, ?> config) {
    return resolve.apply(name).flatMap(Plugin::configType)
        .map(type -> new SchemaConfigValidator().validate(rowId, type, config).bind(type));
  }

  /** Applies {@code profile}; the rows that could not be applied or updated (not failed scopes). */
  List<String> reconcile(ComposedProfile profile) {
    List<String> problems = new ArrayList<>();
    List<RefusedConfig> refusedNow = new ArrayList<>();
    List<String> wanted = profile.enabledRows().stream().map(ProfileRow::id).toList();
    dispose(row -> !wanted.contains(row.row().id()));
    for (ProfileRow row : profile.enabledRows()) {
      Optional<Plugin> plugin = resolve.apply(row.name());
      AppliedRow old = applied.get(row.id());
      if (old != null && plugin.isPresent() && old.plugin() == plugin.get()) {
        if (!old.row().config().equals(row.config())) {
          // Cleared first: a status read once the update is reported does not show it refused.
          refused = refused.stream().filter(r -> !r.row().equals(row.id())).toList();
          try {
            old.scope().update(row.config());
            applied.put(row.id(), new AppliedRow(row, plugin.get(), old.scope()));
          } catch (ConfigException e) {
            RefusedConfig refusal = refusal(profile, row.id(), e);
            refusedNow.add(refusal);
            problems.add("row \"" + row.id() + "\" keeps its previous config, the one from "
                + refusal.layer() + " is refused: " + refusal.error());
          }
        }
        continue;
      }
      if (old != null) {
        applied.remove(row.id()).scope().dispose();
      }
      if (plugin.isEmpty()) {
        problems.add("row \"" + row.id() + "\": plugin \"" + row.name()
            + "\" is not installed or not loaded");
      } else {
        applied.put(row.id(),
            new AppliedRow(row, plugin.get(), runtime.apply(row.id(), plugin.get(), row.config())));
      }
    }
    refused = List.copyOf(refusedNow);
    return problems;
  }

  /** The rows whose last config edit was refused, as of the last reconcile. */
  List<RefusedConfig> refused() {
    return refused;
  }

  /** Names the layers that set the offending fields; the row's last config layer for the rest. */
  private static RefusedConfig refusal(ComposedProfile profile, String rowId, ConfigException e) {
    Map<String, String> fields = profile.fieldOrigins(rowId);
    String fallback = profile.configOrigin(rowId).orElse("?");
    String layers = e.violations().stream()
        .map(v -> fields.getOrDefault(topKey(v.pointer()), fallback)).distinct()
        .collect(Collectors.joining(" and "));
    String why = e.violations().stream().map(ConfigViolation::toString)
        .collect(Collectors.joining("; "));
    return new RefusedConfig(rowId, layers, why);
  }

  /** The top-level key an RFC 6901 pointer starts with ({@code /count/0} is {@code count}). */
  private static String topKey(String pointer) {
    String[] parts = pointer.split("/", 3);
    return parts.length < 2 ? "" : parts[1].replace("~1", "/").replace("~0", "~");
  }

  List<AppliedRow> failed() {
    return applied.values().stream()
        .filter(row -> row.scope().state() == ScopeState.FAILED).toList();
  }

  /** Disposes the rows that apply {@code entry}, newest first, before its plugin is unloaded. */
  void disposeRowsOf(Plugin entry) {
    dispose(row -> row.plugin() == entry);
  }

  /** Forgets every row; the runtime has disposed their scopes. */
  void clear() {
    applied.clear();
  }

  private void dispose(Predicate<AppliedRow> which) {
    List<String> ids = new ArrayList<>(applied.keySet());
    for (int i = ids.size() - 1; i >= 0; i--) {
      if (which.test(applied.get(ids.get(i)))) {
        applied.remove(ids.get(i)).scope().dispose();
      }
    }
  }
}
