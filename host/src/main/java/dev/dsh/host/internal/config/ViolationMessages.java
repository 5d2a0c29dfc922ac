package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigViolation;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.credentials.CredentialValues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.everit.json.schema.ValidationException;
import tools.jackson.databind.JsonNode;

/** Everit's violations in plain words; a value is quoted only outside {@code x-secret} fields. */
final class ViolationMessages {

  private static final int MAX_QUOTED = 60;

  private record Found(String pointer, String keyword, String message) {}

  private final SchemaNavigator schema;
  private final JsonNode instance;

  ViolationMessages(SchemaNavigator schema, JsonNode instance) {
    this.schema = schema;
    this.instance = instance;
  }

  /** Every violation under {@code root}, once each, in document order. */
  List<ConfigViolation> translate(ValidationException root) {
    List<Found> found = new ArrayList<>();
    leaves(root).forEach(leaf -> found.addAll(describe(leaf)));
    // A value of the wrong type also fails its enum, format or pattern: the type says it all.
    Set<String> mistyped = found.stream().filter(f -> f.keyword().equals("type"))
        .map(Found::pointer).collect(Collectors.toSet());
    Set<ConfigViolation> unique = new LinkedHashSet<>();
    found.stream().filter(f -> f.keyword().equals("type") || !mistyped.contains(f.pointer()))
        .sorted(Comparator.comparing((Found f) -> rank(f.pointer())).thenComparing(Found::message))
        .forEach(f -> unique.add(new ConfigViolation(f.pointer(), f.message())));
    return List.copyOf(unique);
  }

  private static List<ValidationException> leaves(ValidationException e) {
    return e.getCausingExceptions().isEmpty() ? List.of(e)
        : e.getCausingExceptions().stream().flatMap(cause -> leaves(cause).stream()).toList();
  }

  private List<Found> describe(ValidationException leaf) {
    String pointer = leaf.getPointerToViolation().replaceFirst("^#", "");
    String keyword = leaf.getKeyword() == null ? "" : leaf.getKeyword();
    JsonNode field = schema.at(pointer);
    JsonNode value = instance.at(pointer);
    List<Found> found = new ArrayList<>();
    switch (keyword) {
      case "additionalProperties" -> {
        List<String> allowed = schema.propertyNames(pointer);
        String hint = allowed.isEmpty() ? "no keys are allowed here"
            : "allowed: " + String.join(", ", allowed);
        value.propertyNames().stream().filter(key -> !allowed.contains(key))
            .forEach(key -> found.add(new Found(SchemaNavigator.child(pointer, key), keyword,
                "unknown key \"" + key + "\" (" + hint + ")")));
      }
      case "required" -> field.path("required").forEach(name -> {
        if (!value.has(name.asString())) {
          found.add(new Found(SchemaNavigator.child(pointer, name.asString()), keyword,
              "is required"));
        }
      });
      default -> found.add(new Found(pointer, keyword, message(leaf, keyword, pointer, field,
          value)));
    }
    return found;
  }

  private String message(ValidationException leaf, String keyword, String pointer,
      JsonNode field, JsonNode value) {
    boolean secret = schema.isSecret(pointer);
    switch (keyword) {
      case "type": {
        JsonNode type = field.path("type");
        List<String> names = new ArrayList<>();
        type.forEach(t -> names.add(article(t.asString())));
        return "expected " + (type.isArray() ? String.join(" or ", names)
            : type.isString() ? article(type.asString()) : "another type")
            + ", got " + kindOf(value);
      }
      case "enum": {
        List<String> allowed = new ArrayList<>();
        field.path("enum").forEach(v -> allowed.add(v.toString()));
        return "must be one of " + String.join(", ", allowed)
            + (secret ? "" : " (got " + quote(value) + ")");
      }
      case "minimum", "maximum": {
        // must be at most 64 (allowed: 1 to 64; got 65): the bound broken, the range, the value
        List<String> notes = new ArrayList<>();
        if (field.has("minimum") && field.has("maximum")) {
          notes.add("allowed: " + field.get("minimum") + " to " + field.get("maximum"));
        }
        if (!secret) {
          notes.add("got " + quote(value));
        }
        return (keyword.equals("minimum") ? "must be at least " : "must be at most ")
            + field.path(keyword) + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
      }
      case "format": {
        String format = field.path("format").asString("");
        // A credential: the store's words for the same rule, the position, never the value.
        return format.equals(CredentialValues.FORMAT)
            ? CredentialValues.fieldProblem(value.asString("")).map(CredentialValues::explain)
                .orElse("must be a credential")
            : format.equals("uri") ? "must be a URI" : "must be in the format \"" + format + "\"";
      }
      case "pattern":
        return field.path("x-credential-reference").asBoolean(false)
            ? "must be a credential name: letters, digits and '_', not starting with a digit"
            : "must match the pattern " + field.path("pattern").asString("");
      default: {
        String what = keyword.isEmpty() ? "" : " (" + keyword + ")";
        // Everit's wording may quote the value: shown for fields that are not secret only.
        return secret ? "is not valid" + what
            : "is not valid" + what + ": " + UrlUserInfo.redact(leaf.getErrorMessage());
      }
    }
  }

  private static String kindOf(JsonNode node) {
    return node.isString() ? "a string" : node.isIntegralNumber() ? "an integer"
        : node.isNumber() ? "a number" : node.isBoolean() ? "a boolean"
        : node.isObject() ? "an object" : node.isArray() ? "an array"
        : node.isNull() ? "null" : "nothing";
  }

  private static String article(String type) {
    return type.equals("null") ? type
        : (type.matches("integer|object|array") ? "an " : "a ") + type;
  }

  private static String quote(JsonNode value) {
    if (value.isContainer()) {
      return kindOf(value);
    }
    String text = UrlUserInfo.redact(value.toString());
    return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "…";
  }

  /** Sorts as document order: declared keys as declared, items by index, unknown keys last. */
  private String rank(String pointer) {
    StringBuilder rank = new StringBuilder();
    String parent = "";
    for (String key : SchemaNavigator.segments(pointer)) {
      List<String> declared = schema.propertyNames(parent);
      JsonNode container = instance.at(parent);
      int index = declared.indexOf(key);
      if (index < 0) {
        index = container.isArray() && !key.isEmpty() && key.chars().allMatch(Character::isDigit)
            ? Integer.parseInt(key)
            : declared.size() + new ArrayList<>(container.propertyNames()).indexOf(key);
      }
      rank.append(String.format("%010d ", index));
      parent = SchemaNavigator.child(parent, key);
    }
    return rank.toString();
  }
}
