package dev.dsh.host.internal.profile;

import dev.dsh.api.config.UrlUserInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The secret fields of a row's config: marked {@code x-secret}, or named like one ({@link
 * #isSecret}). A form never gets one and keeps it by leaving it out; a URL's user-info is redacted.
 */
public final class ConfigSecrets {

  /** What a secret is shown as, and what a form sends to keep it. */
  public static final String KEEP = "<redacted>";

  private ConfigSecrets() {}

  /** {@code config} for {@code --dump-config}: each secret {@value #KEEP}. */
  public static Map<String, Object> redacted(Map<String, ?> config, @Nullable JsonNode schema) {
    return shown(config, schema, false);
  }

  /** {@code config} for a form: without its secrets; unmodifiable, nested values too. */
  public static Map<String, Object> without(Map<String, ?> config, @Nullable JsonNode schema) {
    return shown(config, schema, true);
  }

  private static Map<String, Object> shown(Map<String, ?> config, @Nullable JsonNode schema,
      boolean drop) {
    Map<String, Object> out = new LinkedHashMap<>();
    config.forEach((key, value) -> {
      JsonNode property = property(schema, key);
      if (!isSecret(key, property)) {
        out.put(key, shownValue(value, property, drop));
      } else if (!drop) {
        out.put(key, KEEP);
      }
    });
    return Collections.unmodifiableMap(out);
  }

  private static @Nullable Object shownValue(@Nullable Object value, @Nullable JsonNode property,
      boolean drop) {
    if (value instanceof Map<?, ?> inner) {
      return shown(ConsoleLayer.strings(inner), property, drop);
    }
    if (value instanceof List<?> items) {
      JsonNode itemSchema = property == null ? null : property.get("items");
      List<@Nullable Object> out = new ArrayList<>();
      items.forEach(item -> out.add(shownValue(item,
          itemSchema != null && itemSchema.isObject() ? itemSchema : null, drop)));
      return Collections.unmodifiableList(out);
    }
    return value instanceof String text ? UrlUserInfo.redact(text) : value;
  }

  /** {@code proposed} with kept secrets and URLs sent back as shown given their stored value. */
  public static Map<String, Object> keepStored(
      Map<String, ?> proposed, Map<String, ?> stored, @Nullable JsonNode schema) {
    Map<String, Object> out = new LinkedHashMap<>(proposed);
    stored.forEach((key, old) -> {
      JsonNode property = property(schema, key);
      Object given = proposed.get(key);
      if (isSecret(key, property)) {
        if (!proposed.containsKey(key) || KEEP.equals(given)) {
          out.put(key, old);
        }
      } else if (given instanceof Map<?, ?> inner && old instanceof Map<?, ?> oldInner) {
        out.put(key,
            keepStored(ConsoleLayer.strings(inner), ConsoleLayer.strings(oldInner), property));
      } else if (old instanceof String text && !text.equals(given)
          && UrlUserInfo.redact(text).equals(given)) {
        out.put(key, old);
      }
    });
    proposed.forEach((key, given) -> {
      if (given == null || KEEP.equals(given) && !stored.containsKey(key)
          && isSecret(key, property(schema, key))) {
        out.remove(key);
      }
    });
    return out;
  }

  /** The RFC 6901 pointers of the secret fields {@code config} holds a value for. */
  public static SortedSet<String> setPointers(Map<String, ?> config, @Nullable JsonNode schema) {
    SortedSet<String> pointers = new TreeSet<>();
    config.forEach((key, value) -> {
      JsonNode property = property(schema, key);
      if (isSecret(key, property) && value != null) {
        pointers.add(pointer(key));
      } else if (!isSecret(key, property) && value instanceof Map<?, ?> inner) {
        setPointers(ConsoleLayer.strings(inner), property)
            .forEach(p -> pointers.add(pointer(key) + p));
      }
    });
    return Collections.unmodifiableSortedSet(pointers);
  }

  /** The RFC 6901 pointers of the secret properties {@code schema} declares, nested ones too. */
  public static SortedSet<String> declaredPointers(@Nullable JsonNode schema) {
    SortedSet<String> pointers = new TreeSet<>();
    if (schema != null) {
      schema.path("properties").propertyNames().forEach(key -> {
        JsonNode property = property(schema, key);
        if (isSecret(key, property)) {
          pointers.add(pointer(key));
        } else {
          declaredPointers(property).forEach(p -> pointers.add(pointer(key) + p));
        }
      });
    }
    return Collections.unmodifiableSortedSet(pointers);
  }

  static boolean isSecret(String key, @Nullable JsonNode property) {
    if (property != null && property.path("x-secret").asBoolean(false)) {
      return true;
    }
    String name = key.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    return name.endsWith("apikey") || name.contains("secret") || name.contains("token")
        || name.contains("password");
  }

  private static String pointer(String key) {
    return "/" + key.replace("~", "~0").replace("/", "~1");
  }

  private static @Nullable JsonNode property(@Nullable JsonNode schema, String key) {
    JsonNode property = schema == null ? null : schema.path("properties").get(key);
    return property != null && property.isObject() ? property : null;
  }
}
