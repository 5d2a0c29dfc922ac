package dev.dsh.host.internal.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** One row, its config deeply unmodifiable; {@link #toString()} shows keys only (secrets). */
public record ProfileRow(String id, String name, Map<String, Object> config, boolean disabled) {

  public ProfileRow {
    if (id.isBlank() || name.isBlank()) {
      throw new IllegalArgumentException("a row's id and name must not be blank");
    }
    config = freeze(config);
  }

  @Override
  public String toString() {
    return "ProfileRow[id=" + id + ", name=" + name + ", config keys=" + config.keySet()
        + ", disabled=" + disabled + "]";
  }

  /** A deep unmodifiable copy of a JSON-like map; throws for a key or value that is not. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> freeze(Map<?, ?> map) {
    return (Map<String, Object>) frozen(map);
  }

  private static @Nullable Object frozen(@Nullable Object value) {
    if (value instanceof Map<?, ?> map) {
      Map<String, Object> copy = new LinkedHashMap<>();
      map.forEach((key, item) -> {
        if (!(key instanceof String name)) {
          throw new IllegalArgumentException("config keys must be strings, got " + key);
        }
        copy.put(name, frozen(item));
      });
      return Collections.unmodifiableMap(copy);
    }
    if (value instanceof List<?> list) {
      List<@Nullable Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(frozen(item)));
      return Collections.unmodifiableList(copy);
    }
    if (value == null || value instanceof String || value instanceof Number
        || value instanceof Boolean) {
      return value;
    }
    throw new IllegalArgumentException("not a JSON-like value: " + value.getClass().getName());
  }
}
