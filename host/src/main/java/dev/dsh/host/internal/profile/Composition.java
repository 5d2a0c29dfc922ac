package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Folds patch layers over the base layer, in order. */
final class Composition {

  private Composition() {}

  /**
   * @param removedRows row id → the removed plugin that inserted it ({@link
   *     ProfileSpec#removedRows()}): an override of such a row, when no layer defines it, is
   *     skipped with a note instead of failing the composition
   */
  static ComposedProfile compose(
      String profile, List<PatchLayer> layers, Map<String, String> removedRows) {
    // Insertion order is the row order; overrides keep a row's position.
    Map<String, ProfileRow> rows = new LinkedHashMap<>();
    Map<String, String> origins = new LinkedHashMap<>();
    Map<String, String> configOrigins = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    for (ProfileRow row : BaseLayer.ROWS) {
      rows.put(row.id(), row);
      origins.put(row.id(), BaseLayer.NAME);
      configOrigins.put(row.id(), BaseLayer.NAME);
    }
    for (PatchLayer layer : layers) {
      for (PatchEntry entry : layer.entries()) {
        if (entry instanceof PatchEntry.Insert insert) {
          for (ProfileRow row : insert.rows()) {
            String existing = origins.get(row.id());
            if (existing != null) {
              throw new ProfileException("row \"" + row.id() + "\" inserted by " + layer.name()
                  + " already exists (from " + existing + ")");
            }
            rows.put(row.id(), row);
            origins.put(row.id(), layer.name());
            configOrigins.put(row.id(), layer.name());
          }
        } else if (entry instanceof PatchEntry.Override override) {
          ProfileRow row = rows.get(override.id());
          String removedPlugin = removedRows.get(override.id());
          if (row == null && removedPlugin != null) {
            notes.add(removedRowNote(layer.name(), override, removedPlugin));
          } else if (row == null) {
            throw new ProfileException(layer.name() + ": entry " + override.position()
                + " overrides row \"" + override.id()
                + "\", which no earlier layer defines (use {insert: [...]} to add a row)");
          } else {
            rows.put(row.id(), override.applyTo(row));
            if (override.config().isPresent()) {
              configOrigins.put(row.id(), layer.name());
            }
          }
        }
      }
    }
    return new ComposedProfile(
        profile, new ArrayList<>(rows.values()), origins, configOrigins, notes);
  }

  private static String removedRowNote(String layer, PatchEntry.Override entry, String plugin) {
    return layer + ": entry " + entry.position() + " overrides row \"" + entry.id()
        + "\" of the removed plugin " + plugin + ": the entry is kept and skipped, and applies"
        + " again once the plugin is added back (delete it if it is no longer wanted)";
  }
}
