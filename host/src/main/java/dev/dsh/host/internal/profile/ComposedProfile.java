package dev.dsh.host.internal.profile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of composing a profile: its rows in order, for each row the layer that inserted it
 * and the layer that set its config, and the notes composition has for the user.
 *
 * @param profile the profile name ({@code default}, ...)
 * @param rows every row, disabled ones included, in composition order
 * @param origins row id → the layer that inserted the row ({@code base layer}, {@code bundle
 *     "my-search-plugin"}, ...)
 * @param configOrigins row id → the last layer that set the row's config (the inserting layer
 *     unless a later entry replaced it)
 * @param notes one line each about entries composition kept but skipped (an override of a row of
 *     a removed plugin)
 */
public record ComposedProfile(
    String profile,
    List<ProfileRow> rows,
    Map<String, String> origins,
    Map<String, String> configOrigins,
    List<String> notes) {

  public ComposedProfile {
    Objects.requireNonNull(profile, "profile");
    rows = List.copyOf(rows);
    origins = Map.copyOf(origins);
    configOrigins = Map.copyOf(configOrigins);
    notes = List.copyOf(notes);
    Map<String, ProfileRow> byId = new LinkedHashMap<>();
    for (ProfileRow row : rows) {
      if (byId.put(row.id(), row) != null) {
        throw new IllegalArgumentException("duplicate row id \"" + row.id() + "\"");
      }
      if (!origins.containsKey(row.id())) {
        throw new IllegalArgumentException("row \"" + row.id() + "\" has no origin");
      }
    }
  }

  /** This profile with {@code replaced} as its rows (the same ids), origins and notes kept. */
  public ComposedProfile withRows(List<ProfileRow> replaced) {
    return new ComposedProfile(profile, replaced, origins, configOrigins, notes);
  }

  /** The rows that are not disabled, in order: what the host applies. */
  public List<ProfileRow> enabledRows() {
    return rows.stream().filter(row -> !row.disabled()).toList();
  }

  /** The row with {@code id}, if any. */
  public Optional<ProfileRow> row(String id) {
    return rows.stream().filter(row -> row.id().equals(id)).findFirst();
  }

  /** The layer that inserted the row with {@code id}. */
  public Optional<String> origin(String id) {
    return Optional.ofNullable(origins.get(id));
  }

  /** The layer that set the config of the row with {@code id}. */
  public Optional<String> configOrigin(String id) {
    return Optional.ofNullable(configOrigins.get(id)).or(() -> origin(id));
  }
}
