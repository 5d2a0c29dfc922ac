package dev.dsh.host.config;

import dev.dsh.api.ConfigViolation;
import dev.dsh.schema.ConfigSchemaGenerator;
import java.util.List;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schema of one config type, loaded for everit once. Holds no reference to the type itself, so
 * caching it against the type never keeps the type's class loader alive.
 */
final class CompiledSchema {

  private final SchemaNavigator navigator;
  private final Schema everit;

  private CompiledSchema(ObjectNode json) {
    this.navigator = new SchemaNavigator(json);
    this.everit =
        SchemaLoader.builder()
            .schemaJson(JsonTrees.toOrgJson(json))
            .draftV7Support()
            .build()
            .load()
            .build();
  }

  static CompiledSchema of(Class<?> configType) {
    return new CompiledSchema(new ConfigSchemaGenerator().generate(configType));
  }

  /** Fills absent keys with the schema's defaults, in place. */
  void fillDefaults(ObjectNode config) {
    SchemaDefaults.fill(navigator, config, "");
  }

  /** Every way {@code config} breaks the schema, in document order; empty when it is valid. */
  List<ConfigViolation> violations(ObjectNode config) {
    try {
      everit.validate(JsonTrees.toOrgJson(config));
      return List.of();
    } catch (ValidationException e) {
      return new ViolationMessages(navigator, config).translate(e);
    }
  }
}
