package dev.dsh.host.internal.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * JSON merge patches (RFC 7386) over JSON-like maps: a key with a value sets it (a mapping is
 * merged into the mapping it meets), a key with null removes it.
 */
public final class MergePatch {

  private MergePatch() {}

  /** {@code target} with {@code patch} applied. */
  public static Map<String, Object> apply(Map<String, ?> target, Map<String, ?> patch) {
    Map<String, Object> out = new LinkedHashMap<>(target);
    patch.forEach((key, value) -> {
      if (value == null) {
        out.remove(key);
      } else if (value instanceof Map<?, ?> inner) {
        out.put(key, apply(out.get(key) instanceof Map<?, ?> old ? strings(old) : Map.of(),
            strings(inner)));
      } else {
        out.put(key, value);
      }
    });
    return out;
  }

  /** The patch that turns {@code from} into {@code to}; empty when they are equal. */
  public static Map<String, Object> diff(Map<String, ?> from, Map<String, ?> to) {
    Map<String, Object> out = new LinkedHashMap<>();
    from.keySet().stream().filter(key -> !to.containsKey(key)).forEach(key -> out.put(key, null));
    to.forEach((key, value) -> {
      Object old = from.get(key);
      if (old instanceof Map<?, ?> a && value instanceof Map<?, ?> b) {
        Map<String, Object> inner = diff(strings(a), strings(b));
        if (!inner.isEmpty()) {
          out.put(key, inner);
        }
      } else if (!from.containsKey(key) || !Objects.equals(old, value)) {
        out.put(key, value);
      }
    });
    return out;
  }

  /** One patch doing what {@code first} then {@code second} do: its nulls are kept. */
  public static Map<String, Object> merge(Map<String, ?> first, Map<String, ?> second) {
    Map<String, Object> out = new LinkedHashMap<>(first);
    second.forEach((key, value) -> out.put(key,
        out.get(key) instanceof Map<?, ?> a && value instanceof Map<?, ?> b
            ? merge(strings(a), strings(b)) : value));
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> strings(Map<?, ?> map) {
    return (Map<String, ?>) map; // JSON-like trees have string keys (JsonLike checks it)
  }
}
