package dev.dsh.schema;

import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import java.util.Objects;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Generates the draft-07 JSON Schema of an annotated config class, byte for byte the same on every
 * run (a generated copy is committed and compared). It keeps nothing of a class after a call, so it
 * never pins a plugin's class loader.
 */
public final class ConfigSchemaGenerator {

  /** The draft the schemas are written in. */
  public static final String DRAFT_07 = "http://json-schema.org/draft-07/schema#";

  // Only JsonNode, String and number values ever pass through this mapper (schema nodes and parsed
  // defaults), never config classes, so its caches hold no plugin type and it can be shared.
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  // LF whatever the platform: the committed copy must not depend on where it was generated.
  private static final DefaultPrettyPrinter PRINTER =
      new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));

  /** Creates a generator. */
  public ConfigSchemaGenerator() {}

  /** The schema of {@code configType}; IAE when an annotation cannot be honoured. */
  public ObjectNode generate(Class<?> configType) {
    Objects.requireNonNull(configType, "configType");
    // A fresh generator per call: victools' type context caches resolved types, and a shared one
    // would keep every plugin config class it had seen (and so its class loader) alive.
    SchemaGeneratorConfigBuilder builder =
        new SchemaGeneratorConfigBuilder(MAPPER, SchemaVersion.DRAFT_7, OptionPreset.PLAIN_JSON)
            .with(Option.FORBIDDEN_ADDITIONAL_PROPERTIES_BY_DEFAULT)
            .with(Option.MAP_VALUES_AS_ADDITIONAL_PROPERTIES)
            // Every nested type written out where it is used: no $ref/allOf indirection for
            // validators, readers and the catalog to follow. A config is a tree, never recursive.
            .with(Option.INLINE_ALL_SCHEMAS)
            .with(new ConfigAnnotationsModule(MAPPER));
    builder.forTypesInGeneral().withPropertySorter(DeclarationOrder.COMPARATOR);
    return new SchemaGenerator(builder.build()).generateSchema(configType);
  }

  /** The schema of {@code configType} as pretty-printed JSON with LF line ends and a final LF. */
  public String generateText(Class<?> configType) {
    return render(generate(configType));
  }

  /** {@code schema} as pretty-printed JSON with LF line ends and a final LF. */
  static String render(JsonNode schema) {
    return MAPPER.writer().with(PRINTER).writeValueAsString(schema) + "\n";
  }
}
