package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds patch layers over the base layer, in order, keeping for each row the layer that inserted
 * it and the layer that set each field of its config.
 */
final class Composition {

  static final String BASE = "base layer";

  // Their configs are empty: each built-in's schema carries its defaults, filled when it applies.
  private static final List<String> BUILT_INS = List.of("env", "credentials", "web", "tool-web");

  private final Map<String, ProfileRow> rows = new LinkedHashMap<>();
  private final Map<String, String> origins = new HashMap<>();
  private final Map<String, String> configOrigins = new HashMap<>();
  private final Map<String, Map<String, String>> fieldOrigins = new HashMap<>();
  private final List<String> notes = new ArrayList<>();

  private Composition() {}

  /**
   * @param removedRows row id → the removed plugin that inserted it ({@link
   *     ProfileSpec#removedRows()}): an override of such a row, while no layer defines it, is
   *     skipped with a note instead of failing the composition
   */
  static ComposedProfile compose(
      String profile, List<Patch> layers, Map<String, String> removedRows) {
    Composition done = new Composition();
    BUILT_INS.forEach(id -> done.insert(ProfileRow.named(id), BASE));
    for (Patch layer : layers) {
      for (Patch.Entry entry : layer.entries()) {
        if (entry instanceof Patch.Insert insert) {
          insert.rows().forEach(row -> done.insert(row, layer.name()));
        } else {
          done.override(layer, (Patch.Override) entry, removedRows);
        }
      }
    }
    Map<String, Map<String, String>> fields = new HashMap<>();
    done.fieldOrigins.forEach((id, set) -> fields.put(id, Map.copyOf(set)));
    return new ComposedProfile(profile, new ArrayList<>(done.rows.values()), done.origins,
        done.configOrigins, fields, done.notes);
  }

  private void insert(ProfileRow row, String layer) {
    String existing = origins.putIfAbsent(row.id(), layer);
    if (existing != null) {
      throw new ProfileException("row \"" + row.id() + "\" inserted by " + layer
          + " already exists (from " + existing + ")");
    }
    rows.put(row.id(), row);
    configOrigins.put(row.id(), layer);
    Map<String, String> fields = new HashMap<>();
    row.config().keySet().forEach(key -> fields.put(key, layer));
    fieldOrigins.put(row.id(), fields);
  }

  private void override(Patch layer, Patch.Override entry, Map<String, String> removedRows) {
    ProfileRow row = rows.get(entry.id());
    if (row == null) {
      String plugin = removedRows.get(entry.id());
      if (plugin == null) {
        throw new ProfileException(layer.name() + ": entry " + entry.position()
            + " overrides row \"" + entry.id() + "\", which no earlier layer defines (use"
            + " {insert: [...]} to add a row)");
      }
      notes.add(layer.name() + ": entry " + entry.position() + " overrides row \"" + entry.id()
          + "\" of the removed plugin " + plugin + ": the entry is kept and skipped, and applies"
          + " again once the plugin is added back (delete it if it is no longer wanted)");
      return;
    }
    Map<String, Object> config = row.config();
    if (entry.config().isPresent()) {
      Map<String, Object> given = entry.config().get();
      Map<String, String> fields = fieldOrigins.get(row.id());
      if (layer.merges()) {
        List<String> both = given.keySet().stream()
            .filter(key -> fields.getOrDefault(key, "").startsWith(ProfileComposer.USER)).toList();
        if (!both.isEmpty()) {
          notes.add("row \"" + row.id() + "\": " + fields.get(both.get(0)) + " and "
              + layer.name() + " both set " + String.join(", ", both) + "; the values of "
              + layer.name() + " apply (keep each field in one of the two files)");
        }
        config = MergePatch.apply(config, given);
        given.forEach((key, value) -> fields.compute(key, (k, old) -> value == null ? null
            : layer.name()));
      } else {
        config = given;
        fields.clear();
        given.keySet().forEach(key -> fields.put(key, layer.name()));
      }
      configOrigins.put(row.id(), layer.name());
    }
    rows.put(row.id(), new ProfileRow(row.id(), entry.rowName().orElse(row.name()), config,
        entry.disabled().orElse(row.disabled())));
  }
}
