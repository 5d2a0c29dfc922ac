package dev.dsh.host.internal.profile;

import dev.dsh.api.config.UrlUserInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The secret fields of a row's config, as {@code --dump-config} knows them ({@link
 * SecretRedactor#isSecret}: the schema's {@code x-secret}, or a key that looks like one), treated
 * as write-only: a config read for a form has them taken out, and a config saved from a form keeps
 * the stored value of each one the form left out or sent back as {@link #KEEP}. A URL's password
 * ({@code http://user:pass@host}) is shown as {@code --dump-config} shows it, and a URL sent back
 * as shown keeps the stored one.
 *
 * <p>Nested mappings are walked with their property's schema. A secret inside a list's item is
 * taken out of what a form reads too, but cannot be kept on save (an item has no name to keep a
 * value under): a form that edits such a list sends its items whole.
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
      } else if (old instanceof String text && !text.equals(given)
          && UrlUserInfo.redact(text).equals(given)) {
        out.put(key, old); // the URL as the form showed it: its password is the stored one
      }
    });
    // A marker with nothing stored behind it is no value, and a null clears a field (a form's
    // "clear" for a secret it never shows): either way the field takes its default.
    proposed.forEach((key, given) -> {
      if (given == null || KEEP.equals(given) && !stored.containsKey(key)
          && SecretRedactor.isSecret(key, property(schema, key))) {
        out.remove(key);
      }
    });
    return out;
  }

  /**
   * {@code config} without its secret fields, and with the user-info of every URL in its strings
   * replaced ({@link UrlUserInfo}); unmodifiable, its nested values too.
   */
  public static Map<String, Object> without(Map<String, ?> config, @Nullable JsonNode schema) {
    Map<String, Object> out = new LinkedHashMap<>();
    config.forEach((key, value) -> {
      JsonNode property = property(schema, key);
      if (!SecretRedactor.isSecret(key, property)) {
        out.put(key, shown(value, property));
      }
    });
    return Collections.unmodifiableMap(out);
  }

  private static @Nullable Object shown(@Nullable Object value, @Nullable JsonNode property) {
    if (value instanceof Map<?, ?> inner) {
      return without(strings(inner), property);
    }
    if (value instanceof List<?> items) {
      JsonNode itemSchema = property == null ? null : property.get("items");
      List<@Nullable Object> out = new ArrayList<>();
      items.forEach(item -> out.add(shown(item, itemSchema)));
      return Collections.unmodifiableList(out);
    }
    return value instanceof String text ? UrlUserInfo.redact(text) : value;
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

  /**
   * The RFC 6901 pointers of the secret properties {@code schema} declares (or whose names look
   * like secrets), nested objects' properties walked: the fields a form must keep write-only.
   */
  public static SortedSet<String> declaredPointers(@Nullable JsonNode schema) {
    SortedSet<String> pointers = new TreeSet<>();
    declared(schema, "", pointers);
    return pointers;
  }

  private static void declared(@Nullable JsonNode schema, String at, SortedSet<String> pointers) {
    if (schema == null) {
      return;
    }
    schema.path("properties").properties().forEach(entry -> {
      String key = entry.getKey();
      JsonNode property = property(schema, key);
      String pointer = at + "/" + key.replace("~", "~0").replace("/", "~1");
      if (SecretRedactor.isSecret(key, property)) {
        pointers.add(pointer);
      } else {
        declared(property, pointer, pointers);
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
