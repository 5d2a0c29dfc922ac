package dev.dsh.host.internal.config;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/** Finds the subschema that governs a place (an RFC 6901 pointer) in a config. */
final class SchemaNavigator {

  private final JsonNode root;

  SchemaNavigator(JsonNode root) {
    this.root = root;
  }

  /** The schema governing the value at {@code pointer}, or a missing node. */
  JsonNode at(String pointer) {
    JsonNode node = resolve(root);
    for (String key : segments(pointer)) {
      node = resolve(child(node, key));
    }
    return node;
  }

  /** Whether the value at {@code pointer} is, or lies inside, a field marked {@code x-secret}. */
  boolean isSecret(String pointer) {
    JsonNode node = resolve(root);
    boolean secret = node.path("x-secret").asBoolean(false);
    for (String key : segments(pointer)) {
      JsonNode unresolved = child(node, key);
      node = resolve(unresolved);
      secret |= unresolved.path("x-secret").asBoolean(false)
          || node.path("x-secret").asBoolean(false);
    }
    return secret;
  }

  List<String> propertyNames(String pointer) {
    return List.copyOf(at(pointer).path("properties").propertyNames());
  }

  /** {@code parent} extended by {@code key}, escaped as RFC 6901 says. */
  static String child(String parent, String key) {
    return parent + "/" + key.replace("~", "~0").replace("/", "~1");
  }

  /** The unescaped keys of a pointer (everit's {@code #/a} too), outermost first. */
  static List<String> segments(String pointer) {
    String bare = pointer.startsWith("#") ? pointer.substring(1) : pointer;
    List<String> segments = new ArrayList<>();
    for (String raw : bare.isEmpty() ? new String[0] : bare.substring(1).split("/", -1)) {
      segments.add(raw.replace("~1", "/").replace("~0", "~"));
    }
    return segments;
  }

  private static JsonNode child(JsonNode schema, String key) {
    JsonNode property = schema.path("properties").path(key);
    if (!property.isMissingNode()) {
      return property;
    }
    if (schema.path("additionalProperties").isObject()) {
      return schema.path("additionalProperties");
    }
    boolean index = !key.isEmpty() && key.chars().allMatch(Character::isDigit);
    return index && schema.path("items").isObject() ? schema.path("items")
        : MissingNode.getInstance();
  }

  private JsonNode resolve(JsonNode schema) {
    // Bounded: a cycle of $refs (never generated) ends as no schema.
    for (int depth = 0; depth < 32; depth++) {
      String ref = schema.path("$ref").asString("");
      if (!ref.startsWith("#")) {
        return schema;
      }
      schema = root.at(ref.substring(1));
    }
    return MissingNode.getInstance();
  }
}
