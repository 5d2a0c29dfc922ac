package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigViolation;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.host.json.Json;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A config schema compiled for everit once per text for the whole process. An entry holds only
 * trees and everit objects built from text: no config class, so it pins no plugin's class loader.
 */
final class CompiledSchema {

  // A host sees a handful of texts; the bound stops one loading version after version growing it.
  private static final int MAX_CACHED = 64;
  private static final ConcurrentHashMap<String, CompiledSchema> BY_TEXT = new ConcurrentHashMap<>();

  private final SchemaNavigator navigator;
  private final Schema everit;

  private CompiledSchema(String text) {
    this.navigator = new SchemaNavigator(ConfigSchemas.parse(text));
    this.everit = SchemaLoader.builder().schemaJson(new JSONObject(text)).draftV7Support()
        .addFormatValidator(CredentialValues.FORMAT, CredentialValues::fieldProblem)
        .build().load().build();
  }

  static CompiledSchema of(Class<?> configType) {
    return forText(ConfigSchemas.text(configType));
  }

  static CompiledSchema forText(String text) {
    CompiledSchema cached = BY_TEXT.get(text);
    if (cached != null) {
      return cached;
    }
    if (BY_TEXT.size() >= MAX_CACHED) {
      BY_TEXT.clear();
    }
    return BY_TEXT.computeIfAbsent(text, CompiledSchema::new);
  }

  /**
   * Fills absent keys with the schema's defaults, in place, at every level present. Jackson does
   * not apply them, and everit's {@code useDefaults} would lose the user's key order.
   */
  void fillDefaults(ObjectNode config) {
    fill(config, "");
  }

  private void fill(JsonNode instance, String pointer) {
    if (instance.isArray()) {
      for (int i = 0; i < instance.size(); i++) {
        fill(instance.get(i), pointer + "/" + i);
      }
    } else if (instance instanceof ObjectNode object) {
      navigator.at(pointer).path("properties").properties().forEach(property -> {
        String key = property.getKey();
        String child = SchemaNavigator.child(pointer, key);
        JsonNode declared = property.getValue().get("default");
        JsonNode fallback = declared != null ? declared : navigator.at(child).get("default");
        if (!object.has(key) && fallback != null) {
          object.set(key, fallback.deepCopy());
        }
        if (object.has(key) && object.get(key).isContainer()) {
          fill(object.get(key), child);
        }
      });
    }
  }

  /** Every way {@code config} breaks the schema, in document order; empty when it is valid. */
  List<ConfigViolation> violations(ObjectNode config) {
    try {
      // By text: an org.json object built from a map drops the keys whose value is null.
      everit.validate(new JSONObject(Json.MAPPER.writeValueAsString(config)));
      return List.of();
    } catch (ValidationException e) {
      return new ViolationMessages(navigator, config).translate(e);
    }
  }
}
