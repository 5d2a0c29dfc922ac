package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigViolation;
import dev.dsh.api.credentials.CredentialValues;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import tools.jackson.databind.node.ObjectNode;

/**
 * A config schema loaded for everit, once per schema text for the whole process: a reloaded
 * plugin, a second validator, another class of the same shape all reuse it.
 *
 * <p>The cache is keyed by text and holds only Jackson nodes and everit objects built from org.json
 * values: an entry references no config class, so it pins no plugin's class loader.
 */
final class CompiledSchema {

  // A host sees a handful of schema texts; the bound only stops a host that loads plugin after
  // plugin version from growing the cache for ever. Past it, the cache starts again.
  private static final int MAX_CACHED = 64;
  private static final ConcurrentHashMap<String, CompiledSchema> BY_TEXT = new ConcurrentHashMap<>();

  private final SchemaNavigator navigator;
  private final Schema everit;

  private CompiledSchema(String text) {
    this.navigator = new SchemaNavigator(ConfigSchemas.parse(text));
    this.everit =
        SchemaLoader.builder()
            .schemaJson(new JSONObject(text))
            .draftV7Support()
            .addFormatValidator(CredentialValues.FORMAT, CredentialValues::fieldProblem)
            .build()
            .load()
            .build();
  }

  /** The compiled schema of {@code configType} (see {@link ConfigSchemas}). */
  static CompiledSchema of(Class<?> configType) {
    return forText(ConfigSchemas.text(configType));
  }

  /** The compiled form of {@code text}, compiled at most once while it stays cached. */
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
