package dev.dsh.host;

import dev.dsh.api.ConfigException;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Keeps the runtime's scopes in step with a composed profile: each enabled row in a scope of its
 * own, {@code root/<row id>}. Called on the host's admin thread only.
 */
final class RowReconciler {

  record AppliedRow(ProfileRow row, Plugin plugin, Scope scope) {}

  private final ScopeRuntime runtime;
  private final Function<String, Optional<Plugin>> resolve;
  private final Map<String, AppliedRow> applied = new LinkedHashMap<>();

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
    List<String> wanted = profile.enabledRows().stream().map(ProfileRow::id).toList();
    dispose(row -> !wanted.contains(row.row().id()));
    for (ProfileRow row : profile.enabledRows()) {
      Optional<Plugin> plugin = resolve.apply(row.name());
      AppliedRow old = applied.get(row.id());
      if (old != null && plugin.isPresent() && old.plugin() == plugin.get()) {
        if (!old.row().config().equals(row.config())) {
          try {
            old.scope().update(row.config());
            applied.put(row.id(), new AppliedRow(row, plugin.get(), old.scope()));
          } catch (ConfigException e) {
            problems.add("row \"" + row.id() + "\" keeps its previous config: " + e.getMessage());
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
    return problems;
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
