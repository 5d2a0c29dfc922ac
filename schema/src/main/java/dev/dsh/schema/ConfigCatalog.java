package dev.dsh.schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Renders the Markdown catalog of a config class: one table row per field (nested objects as
 * {@code parent.child}), with its type, whether it is required, its default, its allowed values,
 * whether it is secret or a credential reference, and its description.
 *
 * <p>The catalog is derived from the generated schema, so the two never disagree, and it is as
 * deterministic as the schema (LF line ends, a final LF).
 */
public final class ConfigCatalog {

  private static final String NONE = "—";

  /** Creates a catalog renderer. */
  public ConfigCatalog() {}

  /** The catalog of {@code configType}. */
  public String render(Class<?> configType) {
    Objects.requireNonNull(configType, "configType");
    return render(configType, new ConfigSchemaGenerator().generate(configType));
  }

  /** The catalog of {@code configType} from its already generated {@code schema}. */
  static String render(Class<?> configType, JsonNode schema) {
    StringBuilder out = new StringBuilder();
    out.append("# Config of `").append(configType.getSimpleName()).append("`\n\n");
    out.append("Generated from `")
        .append(configType.getName())
        .append("` by `dev.dsh.schema.GenerateConfigSchema`; do not edit by hand.\n\n");
    out.append("| Field | Type | Required | Default | Allowed values | Secret | Credential reference")
        .append(" | Description |\n");
    out.append("|---|---|---|---|---|---|---|---|\n");
    List<String> rows = new ArrayList<>();
    addRows(schema, schema, "", rows, new HashSet<>());
    rows.forEach(row -> out.append(row).append('\n'));
    return out.toString();
  }

  private static void addRows(
      JsonNode root, JsonNode object, String prefix, List<String> rows, Set<String> visiting) {
    JsonNode properties = object.path("properties");
    Set<String> required = new HashSet<>();
    object.path("required").forEach(name -> required.add(name.asString()));
    for (Map.Entry<String, JsonNode> entry : properties.properties()) {
      String name = prefix + entry.getKey();
      JsonNode field = entry.getValue();
      JsonNode resolved = resolve(root, field);
      rows.add(row(name, field, resolved, required.contains(entry.getKey())));
      String ref = field.path("$ref").asString("");
      if (resolved.has("properties") && visiting.add(ref)) {
        addRows(root, resolved, name + ".", rows, visiting);
        visiting.remove(ref);
      }
    }
  }

  private static String row(String name, JsonNode field, JsonNode resolved, boolean required) {
    return "| `"
        + name
        + "` | "
        + typeOf(resolved)
        + " | "
        + yesNo(required)
        + " | "
        + (field.has("default") ? code(field.get("default")) : NONE)
        + " | "
        + allowedValues(field.has("enum") ? field : resolved)
        + " | "
        + yesNo(field.path(ConfigAnnotationsModule.X_SECRET).asBoolean(false))
        + " | "
        + yesNo(field.path(ConfigAnnotationsModule.X_CREDENTIAL_REFERENCE).asBoolean(false))
        + " | "
        + cell(first(field, resolved, "description"))
        + " |";
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

  private static String first(JsonNode field, JsonNode resolved, String key) {
    return field.has(key) ? field.get(key).asString() : resolved.path(key).asString("");
  }

  /** Follows a local {@code $ref} ({@code #/definitions/Name}) to the schema it names. */
  private static JsonNode resolve(JsonNode root, JsonNode field) {
    String ref = field.path("$ref").asString("");
    if (!ref.startsWith("#")) {
      return field;
    }
    JsonNode target = root.at(ref.substring(1));
    return target.isMissingNode() ? field : target;
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
