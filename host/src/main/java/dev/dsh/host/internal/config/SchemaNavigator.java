package dev.dsh.host.internal.config;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * Finds the subschema that governs a place in a config, following local {@code $ref}s, so that
 * messages can name allowed keys and values and never echo a value under an {@code x-secret} field.
 */
final class SchemaNavigator {

  static final String X_SECRET = "x-secret";

  private final JsonNode root;

  SchemaNavigator(JsonNode root) {
    this.root = root;
  }

  /** The schema governing the value at {@code pointer}, or a missing node when none does. */
  JsonNode at(String pointer) {
    JsonNode node = resolve(root);
    for (String key : Pointers.segments(pointer)) {
      node = resolve(child(node, key));
      if (node.isMissingNode()) {
        return node;
      }
    }
    return node;
  }

  /** Whether the value at {@code pointer} is, or lies inside, a field marked {@code x-secret}. */
  boolean isSecret(String pointer) {
    JsonNode node = resolve(root);
    if (node.path(X_SECRET).asBoolean(false)) {
      return true;
    }
    for (String key : Pointers.segments(pointer)) {
      JsonNode unresolved = child(node, key);
      if (unresolved.path(X_SECRET).asBoolean(false)) {
        return true;
      }
      node = resolve(unresolved);
      if (node.isMissingNode()) {
        return false;
      }
      if (node.path(X_SECRET).asBoolean(false)) {
        return true;
      }
    }
    return false;
  }

  /** The schema's declared property names at {@code pointer}, in declaration order. */
  List<String> propertyNames(String pointer) {
    return List.copyOf(at(pointer).path("properties").propertyNames());
  }

  private static JsonNode child(JsonNode schema, String key) {
    JsonNode property = schema.path("properties").path(key);
    if (!property.isMissingNode()) {
      return property;
    }
    JsonNode additional = schema.path("additionalProperties");
    if (additional.isObject()) {
      return additional;
    }
    JsonNode items = schema.path("items");
    if (items.isObject() && isIndex(key)) {
      return items;
    }
    return MissingNode.getInstance();
  }

  private JsonNode resolve(JsonNode schema) {
    // Bounded: a cycle of $refs (never generated, but cheap to guard) ends as "no schema".
    for (int depth = 0; depth < 32; depth++) {
      String ref = schema.path("$ref").asString("");
      if (!ref.startsWith("#")) {
        return schema;
      }
      schema = root.at(ref.substring(1));
    }
    return MissingNode.getInstance();
  }

  private static boolean isIndex(String key) {
    return !key.isEmpty() && key.chars().allMatch(Character::isDigit);
  }
}
