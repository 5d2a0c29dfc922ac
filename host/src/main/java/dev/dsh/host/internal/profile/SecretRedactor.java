package dev.dsh.host.internal.profile;

import dev.dsh.api.config.UrlUserInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Replaces secret values in a config tree by {@value #REDACTED}.
 *
 * <p>A field is secret when its schema property says {@code "x-secret": true}, or — a safety net
 * for rows without a schema and for nested free-form maps — when its key looks like one: ending in
 * {@code apiKey} (ignoring case, {@code _} and {@code -}), or containing {@code secret}, {@code
 * token} or {@code password}. {@code apiKeyEnv} names a variable, not a secret, and stays visible.
 *
 * <p>In every other string value, the user-info of a URL ({@code http://user:pass@host}) is
 * replaced too ({@link UrlUserInfo}), whatever the field.
 */
final class SecretRedactor {

  static final String REDACTED = "<redacted>";

  private SecretRedactor() {}

  static Map<String, Object> redact(Map<String, Object> config, @Nullable JsonNode schema) {
    Map<String, Object> out = new LinkedHashMap<>();
    config.forEach(
        (key, value) -> {
          JsonNode property = property(schema, key);
          out.put(key, isSecret(key, property) ? REDACTED : redactValue(value, property));
        });
    return out;
  }

  private static @Nullable Object redactValue(@Nullable Object value, @Nullable JsonNode schema) {
    if (value instanceof Map<?, ?> map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> tree = (Map<String, Object>) map;
      return redact(tree, schema);
    }
    if (value instanceof List<?> list) {
      JsonNode items = schema == null ? null : schema.get("items");
      List<@Nullable Object> out = new ArrayList<>();
      for (Object item : list) {
        out.add(redactValue(item, items != null && items.isObject() ? items : null));
      }
      return out;
    }
    if (value instanceof String text) {
      return UrlUserInfo.redact(text);
    }
    return value;
  }

  private static @Nullable JsonNode property(@Nullable JsonNode schema, String key) {
    if (schema == null) {
      return null;
    }
    JsonNode properties = schema.get("properties");
    if (properties == null || !properties.isObject()) {
      return null;
    }
    JsonNode property = properties.get(key);
    return property != null && property.isObject() ? property : null;
  }

  static boolean isSecret(String key, @Nullable JsonNode property) {
    if (property != null) {
      JsonNode flag = property.get("x-secret");
      if (flag != null && flag.isBoolean() && flag.booleanValue()) {
        return true;
      }
    }
    String normalized = key.toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
    return normalized.endsWith("apikey")
        || normalized.contains("secret")
        || normalized.contains("token")
        || normalized.contains("password");
  }
}
