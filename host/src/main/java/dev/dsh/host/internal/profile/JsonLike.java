package dev.dsh.host.internal.profile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Deep unmodifiable copies of JSON-like trees, which may hold nulls ({@link Map#copyOf} may not). */
final class JsonLike {

  private JsonLike() {}

  static Map<String, Object> freezeMap(Map<?, ?> map) {
    Map<String, Object> copy = new LinkedHashMap<>();
    map.forEach((key, value) -> {
      if (!(key instanceof String name)) {
        throw new IllegalArgumentException("config keys must be strings, got " + key);
      }
      copy.put(name, freeze(value));
    });
    return Collections.unmodifiableMap(copy);
  }

  private static @Nullable Object freeze(@Nullable Object value) {
    if (value == null || value instanceof String || value instanceof Number
        || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Map<?, ?> map) {
      return freezeMap(map);
    }
    if (value instanceof List<?> list) {
      List<@Nullable Object> copy = new ArrayList<>(list.size());
      list.forEach(item -> copy.add(freeze(item)));
      return Collections.unmodifiableList(copy);
    }
    throw new IllegalArgumentException("not a JSON-like value: " + value.getClass().getName());
  }
}
