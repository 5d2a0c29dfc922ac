package dev.dsh.host.internal.profile;

import java.util.Map;

/**
 * One row of a profile: the plugin {@code name} (a built-in or a PF4J plugin id) applied under
 * the row {@code id} with a raw config, a deep unmodifiable JSON-like tree validated when the row
 * applies; a disabled row stays in the profile unapplied. {@link #toString()} shows the config's
 * keys, never its values: rows may carry secrets.
 */
public record ProfileRow(String id, String name, Map<String, Object> config, boolean disabled) {

  public ProfileRow {
    if (id.isBlank() || name.isBlank()) {
      throw new IllegalArgumentException("a row's id and name must not be blank");
    }
    config = JsonLike.freezeMap(config);
  }

  /** An enabled row with an empty config, named after its id (the built-in rows). */
  public static ProfileRow named(String id) {
    return new ProfileRow(id, id, Map.of(), false);
  }

  @Override
  public String toString() {
    return "ProfileRow[id=" + id + ", name=" + name + ", config keys=" + config.keySet()
        + ", disabled=" + disabled + "]";
  }
}
