package dev.dsh.host.internal.profile;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The secret fields of a row's config, as {@code --dump-config} knows them ({@link
 * SecretRedactor#isSecret}: the schema's {@code x-secret}, or a key that looks like one), treated
 * as write-only: a config read for a form has them taken out, and a config saved from a form keeps
 * the stored value of each one the form left out or sent back as {@link #KEEP}.
 *
 * <p>Nested mappings are walked with their property's schema; lists are not (an item has no name
 * to keep a value under).
 */
public final class ConfigSecrets {

  /** The value a form sends for a secret field to keep the stored value: {@code <redacted>}. */
  public static final String KEEP = SecretRedactor.REDACTED;

  private ConfigSecrets() {}

  /**
   * {@code proposed} with each secret field that is absent or {@link #KEEP} given its value in
   * {@code stored} (or left out when nothing is stored).
   */
  public static Map<String, Object> keepStored(
      Map<String, ?> proposed, Map<String, ?> stored, @Nullable JsonNode schema) {
    Map<String, Object> out = new LinkedHashMap<>(proposed);
    stored.forEach((key, old) -> {
      JsonNode property = property(schema, key);
      Object given = proposed.get(key);
      if (SecretRedactor.isSecret(key, property)) {
        if (!proposed.containsKey(key) || KEEP.equals(given)) {
          out.put(key, old);
        }
      } else if (given instanceof Map<?, ?> inner && old instanceof Map<?, ?> oldInner) {
        out.put(key, keepStored(strings(inner), strings(oldInner), property));
      }
    });
    // A marker with nothing stored behind it is no value: the field takes its default.
    proposed.forEach((key, given) -> {
      if (KEEP.equals(given) && !stored.containsKey(key)
          && SecretRedactor.isSecret(key, property(schema, key))) {
        out.remove(key);
      }
    });
    return out;
  }

  /** {@code config} without its secret fields, unmodifiable (its nested mappings too). */
  public static Map<String, Object> without(Map<String, ?> config, @Nullable JsonNode schema) {
    Map<String, Object> out = new LinkedHashMap<>();
    config.forEach((key, value) -> {
      JsonNode property = property(schema, key);
      if (!SecretRedactor.isSecret(key, property)) {
        out.put(key, value instanceof Map<?, ?> inner ? without(strings(inner), property) : value);
      }
    });
    return Collections.unmodifiableMap(out);
  }

  /** The RFC 6901 pointers of the secret fields {@code config} holds a value for (not null). */
  public static SortedSet<String> setPointers(Map<String, ?> config, @Nullable JsonNode schema) {
    SortedSet<String> pointers = new TreeSet<>();
    collect(config, schema, "", pointers);
    return pointers;
  }

  private static void collect(
      Map<String, ?> config, @Nullable JsonNode schema, String at, SortedSet<String> pointers) {
    config.forEach((key, value) -> {
      JsonNode property = property(schema, key);
      String pointer = at + "/" + key.replace("~", "~0").replace("/", "~1");
      if (SecretRedactor.isSecret(key, property)) {
        if (value != null) {
          pointers.add(pointer);
        }
      } else if (value instanceof Map<?, ?> inner) {
        collect(strings(inner), property, pointer, pointers);
      }
    });
  }

  private static @Nullable JsonNode property(@Nullable JsonNode schema, String key) {
    JsonNode property = schema == null ? null : schema.path("properties").get(key);
    return property != null && property.isObject() ? property : null;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> strings(Map<?, ?> map) {
    return (Map<String, ?>) map; // JSON-like trees: keys are strings (JsonLike checks it)
  }
}
