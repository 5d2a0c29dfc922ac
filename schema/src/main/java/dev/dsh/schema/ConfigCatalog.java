package dev.dsh.schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Renders the Markdown catalog of a config class from its generated schema, so the two never
 * disagree: one table row per field, nested objects as {@code parent.child}.
 */
final class ConfigCatalog {

  private static final String NONE = "—";

  private ConfigCatalog() {}

  /** The catalog of {@code configType} from its generated {@code schema}. */
  static String render(Class<?> configType, JsonNode schema) {
    StringBuilder out = new StringBuilder();
    out.append("# Config of `").append(configType.getSimpleName()).append("`\n\n");
    out.append("Generated from `")
        .append(configType.getName())
        .append("` by `dev.dsh.schema.GenerateConfigSchema`; do not edit by hand.\n\n");
    out.append("| Field | Type | Required | Default | Allowed values | Secret | Credential reference")
        .append(" | Description |\n");
    out.append("|---|---|---|---|---|---|---|---|\n");
    addRows(schema, "", out);
    return out.toString();
  }

  // Every nested type is inlined (ConfigSchemaGenerator): there is no $ref to follow.
  private static void addRows(JsonNode object, String prefix, StringBuilder out) {
    Set<String> required = new HashSet<>();
    object.path("required").forEach(name -> required.add(name.asString()));
    for (Map.Entry<String, JsonNode> entry : object.path("properties").properties()) {
      String name = prefix + entry.getKey();
      JsonNode field = entry.getValue();
      out.append(row(name, field, required.contains(entry.getKey()))).append('\n');
      if (field.has("properties")) {
        addRows(field, name + ".", out);
      }
    }
  }

  private static String row(String name, JsonNode field, boolean required) {
    return "| " + String.join(" | ", "`" + name + "`", typeOf(field), yesNo(required),
        field.has("default") ? code(field.get("default")) : NONE,
        allowedValues(field),
        yesNo(field.path(ConfigAnnotationsModule.X_SECRET).asBoolean(false)),
        yesNo(field.path(ConfigAnnotationsModule.X_CREDENTIAL_REFERENCE).asBoolean(false)),
        cell(field.path("description").asString(""))) + " |";
  }

  private static String typeOf(JsonNode schema) {
    JsonNode type = schema.path("type");
    String text;
    if (type.isArray()) {
      List<String> names = new ArrayList<>();
      type.forEach(t -> names.add(t.asString()));
      text = String.join(" or ", names);
    } else if (type.isString()) {
      text = type.asString();
    } else {
      text = "any";
    }
    if ("array".equals(text) && schema.has("items")) {
      text = "array of " + typeOf(schema.get("items"));
    }
    if (schema.has("format")) {
      text += " (" + schema.get("format").asString() + ")";
    }
    return cell(text);
  }

  private static String allowedValues(JsonNode schema) {
    JsonNode values = schema.path("enum");
    if (!values.isArray()) {
      return schema.has("minimum") && schema.has("maximum")
          ? code(schema.get("minimum")) + " … " + code(schema.get("maximum"))
          : NONE;
    }
    List<String> codes = new ArrayList<>();
    values.forEach(value -> codes.add(code(value)));
    return String.join(", ", codes);
  }

  private static String code(JsonNode value) {
    return "`" + value.toString().replace("|", "\\|") + "`";
  }

  private static String yesNo(boolean value) {
    return value ? "yes" : "no";
  }

  /** A table cell: pipes escaped, line breaks folded, never empty. */
  private static String cell(String text) {
    String folded = text.replace("\r\n", " ").replace('\n', ' ').replace("|", "\\|").strip();
    return folded.isEmpty() ? NONE : folded;
  }
}
