package dev.dsh.host.internal.profile;

import java.util.Map;
import java.util.Objects;

/**
 * One row of a profile: a plugin (by {@code name}) applied under a row {@code id} with a raw
 * config.
 *
 * <p>{@code config} is a deep unmodifiable JSON-like tree (null values allowed). {@link
 * #toString()} prints config key names only, never values, because rows may carry secrets.
 *
 * @param id unique within a profile; scopes and patches refer to the row by it
 * @param name the plugin the row applies: a built-in plugin name or a PF4J plugin id
 * @param config the raw config, validated against the plugin's schema when applied
 * @param disabled a disabled row stays in the profile but is not applied
 */
public record ProfileRow(String id, String name, Map<String, Object> config, boolean disabled) {

  public ProfileRow {
    requireNonBlank(id, "id");
    requireNonBlank(name, "name");
    Objects.requireNonNull(config, "config");
    config = JsonLike.freezeMap(config);
  }

  /** An enabled row with an empty config whose name equals its id (the built-in rows). */
  public static ProfileRow named(String id) {
    return new ProfileRow(id, id, Map.of(), false);
  }

  /** This row with {@code config} replacing its config whole. */
  public ProfileRow withConfig(Map<String, Object> newConfig) {
    return new ProfileRow(id, name, newConfig, disabled);
  }

  @Override
  public String toString() {
    return "ProfileRow[id="
        + id
        + ", name="
        + name
        + ", config keys="
        + config.keySet()
        + ", disabled="
        + disabled
        + "]";
  }

  private static void requireNonBlank(String value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException("row " + what + " must not be blank");
    }
  }
}
