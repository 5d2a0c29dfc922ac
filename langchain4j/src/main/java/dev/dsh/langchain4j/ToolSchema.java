package dev.dsh.langchain4j;

import dev.dsh.host.json.Json;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The host tool's JSON Schema as a LangChain4j tool's parameters, each property a {@link
 * JsonRawSchema}, so constraints LangChain4j's typed elements cannot hold reach the model.
 */
final class ToolSchema {

  private static final Set<String> CARRIED =
      Set.of("type", "properties", "required", "additionalProperties");

  private ToolSchema() {}

  // A top-level keyword an object schema cannot carry fails: the model would be offered less.
  static JsonObjectSchema parameters(String schemaJson) {
    JsonNode root = Json.MAPPER.readTree(schemaJson);
    for (Map.Entry<String, JsonNode> keyword : root.properties()) {
      if (!CARRIED.contains(keyword.getKey())) {
        throw new IllegalStateException(
            "the web_search schema has \"" + keyword.getKey() + "\", which a LangChain4j"
                + " JsonObjectSchema cannot carry");
      }
    }
    if (!"object".equals(root.path("type").stringValue(null))) {
      throw new IllegalStateException("the web_search schema is not of type object");
    }
    JsonObjectSchema.Builder parameters = JsonObjectSchema.builder();
    for (Map.Entry<String, JsonNode> property : root.path("properties").properties()) {
      parameters.addProperty(
          property.getKey(), JsonRawSchema.from(Json.MAPPER.writeValueAsString(property.getValue())));
    }
    List<String> required = new ArrayList<>();
    root.path("required").forEach(name -> required.add(name.stringValue()));
    parameters.required(required);
    JsonNode additional = root.get("additionalProperties");
    if (additional != null) {
      parameters.additionalProperties(additional.booleanValue());
    }
    return parameters.build();
  }
}
