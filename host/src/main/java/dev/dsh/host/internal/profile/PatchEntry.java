package dev.dsh.host.internal.profile;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One entry of a patch layer, already checked for shape. */
sealed interface PatchEntry {

  /** The 1-based position of the entry in its file, for messages. */
  int position();

  /**
   * {@code {id: X, ...}}: the given fields replace row X's; {@code config} is replaced whole.
   */
  record Override(
      int position,
      String id,
      Optional<String> name,
      Optional<Map<String, Object>> config,
      Optional<Boolean> disabled)
      implements PatchEntry {

    ProfileRow applyTo(ProfileRow row) {
      return new ProfileRow(
          row.id(),
          name.orElse(row.name()),
          config.orElse(row.config()),
          disabled.orElse(row.disabled()));
    }
  }

  /** {@code {insert: [rows]}}: appends rows. */
  record Insert(int position, List<ProfileRow> rows) implements PatchEntry {

    public Insert {
      rows = List.copyOf(rows);
    }
  }
}
