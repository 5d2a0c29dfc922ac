package dev.dsh.host.internal.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.json.JSONObject;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Conversions between raw config maps, Jackson trees, everit's org.json objects and plain maps. */
final class JsonTrees {

  // Shared: it only ever sees JDK values (maps, lists, strings, numbers) and JsonNodes, never a
  // plugin's class, so its caches cannot pin a plugin class loader. Binding to plugin types uses a
  // mapper of its own (see JsonConfig).
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private JsonTrees() {}

  /** The raw config as a tree of its own (the map is not referenced afterwards). */
  static ObjectNode toTree(Map<String, ?> raw) {
    JsonNode tree = MAPPER.valueToTree(raw);
    if (!(tree instanceof ObjectNode object)) {
      throw new IllegalArgumentException("a config must be a JSON object");
    }
    return object;
  }

  /**
   * The tree as everit's {@link JSONObject}, by serializing and re-parsing: building it from a map
   * would silently drop keys whose value is null.
   */
  static JSONObject toOrgJson(JsonNode tree) {
    return new JSONObject(MAPPER.writeValueAsString(tree));
  }

  /**
   * The tree as unmodifiable maps and lists of strings, numbers, booleans and nulls, keeping key
   * order.
   */
  static @Nullable Object toPlain(JsonNode node) {
    if (node.isObject()) {
      Map<String, @Nullable Object> map = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> entry : node.properties()) {
        map.put(entry.getKey(), toPlain(entry.getValue()));
      }
      return Collections.unmodifiableMap(map);
    }
    if (node.isArray()) {
      List<@Nullable Object> list = new ArrayList<>();
      node.forEach(item -> list.add(toPlain(item)));
      return Collections.unmodifiableList(list);
    }
    if (node.isNumber()) {
      return node.numberValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isString()) {
      return node.stringValue();
    }
    return null;
  }

  /** What kind of JSON value this is, for messages: "a string", "an integer", "null", … */
  static String kindOf(JsonNode node) {
    if (node.isString()) {
      return "a string";
    }
    if (node.isIntegralNumber()) {
      return "an integer";
    }
    if (node.isNumber()) {
      return "a number";
    }
    if (node.isBoolean()) {
      return "a boolean";
    }
    if (node.isObject()) {
      return "an object";
    }
    if (node.isArray()) {
      return "an array";
    }
    return node.isNull() ? "null" : "nothing";
  }
}
