package dev.dsh.host.internal.config;

import dev.dsh.host.json.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.json.JSONObject;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Conversions between raw config maps, Jackson trees and everit's org.json objects. The shared
 * mapper only ever sees JDK values and trees, never a plugin's class, so it pins no class loader.
 */
final class JsonTrees {

  private JsonTrees() {}

  /** The raw config as a tree of its own. */
  static ObjectNode toTree(Map<String, ?> raw) {
    if (!(Json.MAPPER.valueToTree(raw) instanceof ObjectNode object)) {
      throw new IllegalArgumentException("a config must be a JSON object");
    }
    return object;
  }

  /** By text: an org.json object built from a map drops the keys whose value is null. */
  static JSONObject toOrgJson(JsonNode tree) {
    return new JSONObject(Json.MAPPER.writeValueAsString(tree));
  }

  /** The object as unmodifiable maps and lists of plain values, in key order. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> toPlain(ObjectNode tree) {
    return (Map<String, Object>) plain(tree);
  }

  private static @Nullable Object plain(JsonNode node) {
    if (node.isObject()) {
      Map<String, @Nullable Object> map = new LinkedHashMap<>();
      node.properties().forEach(entry -> map.put(entry.getKey(), plain(entry.getValue())));
      return Collections.unmodifiableMap(map);
    }
    if (node.isArray()) {
      List<@Nullable Object> list = new ArrayList<>();
      node.forEach(item -> list.add(plain(item)));
      return Collections.unmodifiableList(list);
    }
    return node.isNumber() ? node.numberValue() : node.isBoolean() ? node.booleanValue()
        : node.isString() ? node.stringValue() : null;
  }

  /** What kind of JSON value this is, for messages: "a string", "an integer", "null", ... */
  static String kindOf(JsonNode node) {
    return node.isString() ? "a string" : node.isIntegralNumber() ? "an integer"
        : node.isNumber() ? "a number" : node.isBoolean() ? "a boolean"
        : node.isObject() ? "an object" : node.isArray() ? "an array"
        : node.isNull() ? "null" : "nothing";
  }
}
