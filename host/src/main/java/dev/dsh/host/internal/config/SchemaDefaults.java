package dev.dsh.host.internal.config;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Copies the schema's {@code default}s into a config tree where a key is absent, at every level
 * that is present. Jackson does not apply schema defaults, and copying them into the Jackson tree
 * keeps the user's key order (everit's {@code useDefaults} works on an unordered org.json object).
 */
final class SchemaDefaults {

  private SchemaDefaults() {}

  static void fill(SchemaNavigator schema, JsonNode instance, String pointer) {
    if (instance.isArray()) {
      for (int i = 0; i < instance.size(); i++) {
        fill(schema, instance.get(i), pointer + "/" + i);
      }
      return;
    }
    if (!(instance instanceof ObjectNode object)) {
      return;
    }
    JsonNode properties = schema.at(pointer).path("properties");
    for (Map.Entry<String, JsonNode> property : properties.properties()) {
      String key = property.getKey();
      String child = Pointers.child(pointer, key);
      if (!object.has(key)) {
        JsonNode declared = property.getValue().get("default");
        JsonNode value = declared != null ? declared : schema.at(child).get("default");
        if (value != null) {
          object.set(key, value.deepCopy());
        }
      }
      JsonNode value = object.get(key);
      if (value != null && value.isContainer()) {
        fill(schema, value, child);
      }
    }
  }
}
