package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigViolation;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.credentials.CredentialValues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.everit.json.schema.ValidationException;
import tools.jackson.databind.JsonNode;

/**
 * Turns everit's violations into {@link ConfigViolation}s a person understands.
 *
 * <p>Messages are written here rather than taken from everit, whose messages echo values (a secret
 * pasted into the wrong field would be printed). A value is quoted only for a field that is not
 * {@code x-secret}, and only where it helps: an out-of-set or out-of-range value, and everit's own
 * wording for a keyword the generator never emits (such as {@code multipleOf}). An unknown key is
 * reported at its own pointer, a missing one at the pointer it should have.
 */
final class ViolationMessages {

  private static final int MAX_QUOTED = 60;

  private static final Map<String, String> FORMATS =
      Map.ofEntries(
          Map.entry("uri", "a URI"),
          Map.entry("uri-reference", "a URI reference"),
          Map.entry("email", "an email address"),
          Map.entry("hostname", "a host name"),
          Map.entry("ipv4", "an IPv4 address"),
          Map.entry("ipv6", "an IPv6 address"),
          Map.entry("date-time", "a date-time such as 2025-06-09T10:42:17+08:00"),
          Map.entry("date", "a date such as 2025-06-09"),
          Map.entry("time", "a time such as 10:42:17+08:00"),
          Map.entry("regex", "a regular expression"));

  private final SchemaNavigator schema;
  private final JsonNode instance;

  ViolationMessages(SchemaNavigator schema, JsonNode instance) {
    this.schema = schema;
    this.instance = instance;
  }

  /** All violations under {@code root}, without duplicates, in document order. */
  List<ConfigViolation> translate(ValidationException root) {
    List<ValidationException> leaves = new ArrayList<>();
    flatten(root, leaves);
    List<Found> found = new ArrayList<>();
    for (ValidationException leaf : leaves) {
      found.addAll(describe(leaf));
    }
    // A value of the wrong type also fails its enum, format or pattern: the type says it all.
    Set<String> mistyped =
        found.stream()
            .filter(f -> f.keyword.equals("type"))
            .map(f -> f.pointer)
            .collect(Collectors.toSet());
    Set<ConfigViolation> unique = new LinkedHashSet<>();
    found.stream()
        .filter(f -> f.keyword.equals("type") || !mistyped.contains(f.pointer))
        .sorted(Comparator.comparing((Found f) -> rank(f.pointer), ViolationMessages::compareRanks)
            .thenComparing(f -> f.message))
        .forEach(f -> unique.add(new ConfigViolation(f.pointer, f.message)));
    return List.copyOf(unique);
  }

  private record Found(String pointer, String keyword, String message) {}

  private static void flatten(ValidationException e, List<ValidationException> into) {
    if (e.getCausingExceptions().isEmpty()) {
      into.add(e);
    } else {
      e.getCausingExceptions().forEach(cause -> flatten(cause, into));
    }
  }

  private List<Found> describe(ValidationException leaf) {
    String pointer = Pointers.fromEverit(leaf.getPointerToViolation());
    String keyword = leaf.getKeyword() == null ? "" : leaf.getKeyword();
    switch (keyword) {
      case "additionalProperties":
        return unknownKeys(pointer);
      case "required":
        return missingKeys(pointer);
      case "type":
        return List.of(
            new Found(
                pointer,
                keyword,
                "expected " + expectedType(pointer) + ", got " + JsonTrees.kindOf(value(pointer))));
      case "enum":
        return List.of(new Found(pointer, keyword, notAllowed(pointer)));
      case "format":
        return List.of(new Found(pointer, keyword, formatMessage(pointer)));
      case "pattern":
        return List.of(new Found(pointer, keyword, patternMessage(pointer)));
      case "minimum", "maximum":
        return List.of(new Found(pointer, keyword, outOfRange(pointer, keyword)));
      default:
        return List.of(new Found(pointer, keyword, otherMessage(leaf, pointer, keyword)));
    }
  }

  private List<Found> unknownKeys(String pointer) {
    List<String> allowed = schema.propertyNames(pointer);
    String hint =
        allowed.isEmpty() ? "no keys are allowed here" : "allowed: " + String.join(", ", allowed);
    List<Found> found = new ArrayList<>();
    for (String key : value(pointer).propertyNames()) {
      if (!allowed.contains(key)) {
        found.add(
            new Found(
                Pointers.child(pointer, key),
                "additionalProperties",
                "unknown key \"" + key + "\" (" + hint + ")"));
      }
    }
    return found;
  }

  private List<Found> missingKeys(String pointer) {
    JsonNode object = value(pointer);
    List<Found> found = new ArrayList<>();
    for (JsonNode name : schema.at(pointer).path("required")) {
      if (!object.has(name.asString())) {
        found.add(new Found(Pointers.child(pointer, name.asString()), "required", "is required"));
      }
    }
    return found;
  }

  private String expectedType(String pointer) {
    JsonNode type = schema.at(pointer).path("type");
    if (type.isArray()) {
      List<String> names = new ArrayList<>();
      type.forEach(t -> names.add(article(t.asString())));
      return String.join(" or ", names);
    }
    return type.isString() ? article(type.asString()) : "another type";
  }

  private static String article(String type) {
    switch (type) {
      case "integer":
      case "object":
      case "array":
        return "an " + type;
      case "null":
        return "null";
      default:
        return "a " + type;
    }
  }

  private String notAllowed(String pointer) {
    List<String> allowed = new ArrayList<>();
    schema.at(pointer).path("enum").forEach(v -> allowed.add(v.toString()));
    String message = "must be one of " + String.join(", ", allowed);
    return schema.isSecret(pointer) ? message : message + " (got " + quote(value(pointer)) + ")";
  }

  /** {@code must be at most 64 (allowed: 1 to 64; got 65)}: the bound broken, the range, the value. */
  private String outOfRange(String pointer, String keyword) {
    JsonNode field = schema.at(pointer);
    String message = (keyword.equals("minimum") ? "must be at least " : "must be at most ")
        + field.path(keyword).toString();
    List<String> notes = new ArrayList<>();
    if (field.has("minimum") && field.has("maximum")) {
      notes.add("allowed: " + field.get("minimum") + " to " + field.get("maximum"));
    }
    if (!schema.isSecret(pointer)) {
      notes.add("got " + quote(value(pointer)));
    }
    return notes.isEmpty() ? message : message + " (" + String.join("; ", notes) + ")";
  }

  private String formatMessage(String pointer) {
    String format = schema.at(pointer).path("format").asString("");
    if (format.equals(CredentialValues.FORMAT)) {
      // The store's words for the same rule: the position of the character, never the value.
      return CredentialValues.fieldProblem(value(pointer).asString(""))
          .map(CredentialValues::explain).orElse("must be a credential");
    }
    return "must be " + FORMATS.getOrDefault(format, "in the format \"" + format + "\"");
  }

  private String patternMessage(String pointer) {
    JsonNode field = schema.at(pointer);
    if (field.path("x-credential-reference").asBoolean(false)) {
      return "must be a credential name: letters, digits and '_', not starting with a digit";
    }
    return "must match the pattern " + field.path("pattern").asString("");
  }

  private String otherMessage(ValidationException leaf, String pointer, String keyword) {
    String what = keyword.isEmpty() ? "" : " (" + keyword + ")";
    if (schema.isSecret(pointer)) {
      return "is not valid" + what;
    }
    // Non-secret only: everit's own wording may quote the value.
    return "is not valid" + what + ": " + UrlUserInfo.redact(leaf.getErrorMessage());
  }

  private JsonNode value(String pointer) {
    return instance.at(pointer);
  }

  private static String quote(JsonNode value) {
    if (value.isContainer()) {
      return JsonTrees.kindOf(value);
    }
    String text = UrlUserInfo.redact(value.toString());
    return text.length() <= MAX_QUOTED ? text : text.substring(0, MAX_QUOTED) + "…";
  }

  /**
   * Where a pointer sits in document order: at each level, a declared key ranks by declaration, an
   * array element by index, an unknown key after all declared ones in the order the user wrote it.
   */
  private List<Integer> rank(String pointer) {
    List<Integer> rank = new ArrayList<>();
    String parent = "";
    for (String key : Pointers.segments(pointer)) {
      List<String> declared = schema.propertyNames(parent);
      int index = declared.indexOf(key);
      if (index < 0) {
        JsonNode container = value(parent);
        if (container.isArray() && key.chars().allMatch(Character::isDigit) && !key.isEmpty()) {
          index = Integer.parseInt(key);
        } else {
          index = declared.size() + new ArrayList<>(container.propertyNames()).indexOf(key);
        }
      }
      rank.add(index);
      parent = Pointers.child(parent, key);
    }
    return rank;
  }

  private static int compareRanks(List<Integer> a, List<Integer> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int c = Integer.compare(a.get(i), b.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.size(), b.size());
  }
}
