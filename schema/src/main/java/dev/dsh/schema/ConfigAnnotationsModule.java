package dev.dsh.schema;

import com.github.victools.jsonschema.generator.FieldScope;
import com.github.victools.jsonschema.generator.Module;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigPart;
import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.CredentialReference;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Format;
import dev.dsh.api.config.Range;
import dev.dsh.api.config.Required;
import dev.dsh.api.config.Secret;
import dev.dsh.api.credentials.CredentialRef;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Teaches victools the {@code dev.dsh.api.config} annotations.
 *
 * <p>Victools reads annotations from fields; ours target record components, fields and methods, so
 * on a record they reach the component's private field, and on a class a getter's annotation counts
 * as the field's.
 */
final class ConfigAnnotationsModule implements Module {

  /** Marks a field whose value is a secret. */
  static final String X_SECRET = "x-secret";

  /** Marks a field that names a credential. */
  static final String X_CREDENTIAL_REFERENCE = "x-credential-reference";

  private final JsonMapper mapper;

  ConfigAnnotationsModule(JsonMapper mapper) {
    this.mapper = mapper;
  }

  @Override
  public void applyToConfigBuilder(SchemaGeneratorConfigBuilder builder) {
    SchemaGeneratorConfigPart<FieldScope> fields = builder.forFields();
    fields.withRequiredCheck(field -> annotation(field, Required.class) != null);
    fields.withDescriptionResolver(
        field -> {
          Description description = annotation(field, Description.class);
          return description == null ? null : description.value();
        });
    // Victools wraps a node it is handed as a POJO, so hand it plain Java values (see plain()).
    fields.withDefaultResolver(
        field -> {
          JsonNode value = defaultOf(field);
          return value == null ? null : plain(value);
        });
    // Victools writes enum values of plain Java types only, so hand it those rather than nodes.
    fields.withEnumResolver(
        field -> {
          List<JsonNode> allowed = allowedValuesOf(field);
          return allowed == null
              ? null
              : allowed.stream().map(this::plain).toList();
        });
    fields.withStringFormatResolver(
        field -> {
          Format format = annotation(field, Format.class);
          return format == null ? null : format.value();
        });
    fields.withStringPatternResolver(
        field ->
            annotation(field, CredentialReference.class) == null
                ? null
                : CredentialRef.NAME.pattern());
    fields.withInstanceAttributeOverride(
        (attributes, field, context) -> {
          if (field.isFakeContainerItemScope()) {
            return;
          }
          if (annotation(field, Secret.class) != null) {
            attributes.put(X_SECRET, true);
          }
          if (annotation(field, CredentialReference.class) != null) {
            attributes.put(X_CREDENTIAL_REFERENCE, true);
          }
          Range range = annotation(field, Range.class);
          if (range != null) {
            // int nodes, as a parser reads them back: the jar's schema and a fresh one compare equal
            attributes.put("minimum", range.min());
            attributes.put("maximum", range.max());
          }
        });
  }

  private @Nullable JsonNode defaultOf(FieldScope field) {
    if (field.isFakeContainerItemScope()) {
      return null;
    }
    Default annotation = annotation(field, Default.class);
    if (annotation == null) {
      return null;
    }
    if (annotation(field, Secret.class) != null) {
      throw new IllegalArgumentException(
          where(field) + " is @Secret and cannot have a @Default: the schema would publish it");
    }
    JsonNode value = parse(field, annotation.value(), "@Default");
    List<JsonNode> allowed = allowedValuesOf(field);
    if (allowed != null && !allowed.contains(value)) {
      throw new IllegalArgumentException(
          where(field) + ": @Default " + value + " is not one of its @AllowedValues " + allowed);
    }
    return value;
  }

  private @Nullable List<JsonNode> allowedValuesOf(FieldScope field) {
    if (field.isFakeContainerItemScope()) {
      return null;
    }
    AllowedValues annotation = annotation(field, AllowedValues.class);
    if (annotation == null) {
      return null;
    }
    List<JsonNode> values = new ArrayList<>();
    for (String text : annotation.value()) {
      values.add(parse(field, text, "@AllowedValues"));
    }
    return values;
  }

  /** The JSON value as strings, numbers, booleans, null, lists and maps. */
  private @Nullable Object plain(JsonNode node) {
    return mapper.treeToValue(node, Object.class);
  }

  /** A string field takes the text as is; any other type reads it as JSON ({@code "10"} → 10). */
  private JsonNode parse(FieldScope field, String text, String what) {
    if (field.getType().getErasedType() == String.class) {
      return JsonNodeFactory.instance.stringNode(text);
    }
    try {
      return mapper.readTree(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          where(field) + ": " + what + " value is not valid JSON for a non-string field: " + text,
          e);
    }
  }

  private static String where(FieldScope field) {
    return field.getDeclaringType().getErasedType().getName() + "." + field.getDeclaredName();
  }

  private static <A extends Annotation> @Nullable A annotation(FieldScope field, Class<A> type) {
    return field.getAnnotationConsideringFieldAndGetterIfSupported(type);
  }
}
