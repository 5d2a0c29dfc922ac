package dev.dsh.host.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Folds patch layers over the base layer, in order. */
final class Composition {

  private Composition() {}

  static ComposedProfile compose(String profile, List<PatchLayer> layers) {
    // Insertion order is the row order; overrides keep a row's position.
    Map<String, ProfileRow> rows = new LinkedHashMap<>();
    Map<String, String> origins = new LinkedHashMap<>();
    for (ProfileRow row : BaseLayer.ROWS) {
      rows.put(row.id(), row);
      origins.put(row.id(), BaseLayer.NAME);
    }
    for (PatchLayer layer : layers) {
      for (PatchEntry entry : layer.entries()) {
        if (entry instanceof PatchEntry.Insert insert) {
          for (ProfileRow row : insert.rows()) {
            String existing = origins.get(row.id());
            if (existing != null) {
              throw new DuplicateRowException(row.id(), layer.name(), existing);
            }
            rows.put(row.id(), row);
            origins.put(row.id(), layer.name());
          }
        } else if (entry instanceof PatchEntry.Override override) {
          ProfileRow row = rows.get(override.id());
          if (row == null) {
            throw new MissingRowException(override.id(), layer.name(), override.position());
          }
          rows.put(row.id(), override.applyTo(row));
        }
      }
    }
    return new ComposedProfile(profile, new ArrayList<>(rows.values()), origins);
  }
}
