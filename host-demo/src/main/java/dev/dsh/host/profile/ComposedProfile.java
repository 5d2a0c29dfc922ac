package dev.dsh.host.profile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of composing a profile: its rows in order, and for each row the layer that inserted
 * it.
 *
 * @param profile the profile name ({@code default}, {@code demo}, ...)
 * @param rows every row, disabled ones included, in composition order
 * @param origins row id → the layer that inserted the row ({@code base layer}, {@code bundle
 *     "dsh-web-search-yuanbao"}, ...)
 */
public record ComposedProfile(String profile, List<ProfileRow> rows, Map<String, String> origins) {

  public ComposedProfile {
    Objects.requireNonNull(profile, "profile");
    rows = List.copyOf(rows);
    origins = Map.copyOf(origins);
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
}
