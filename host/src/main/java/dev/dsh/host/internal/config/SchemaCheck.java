package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a proposed config against a schema read from a plugin's jar or a built-in's config type,
 * before anything is written: the same compiled schema, defaults and messages as {@link
 * SchemaConfigValidator} when a scope applies the row, so an edit refused here is one the host
 * would refuse, told in the same words ({@code /maxConcurrentSearches: must be at most 64}).
 */
public final class SchemaCheck {

  private SchemaCheck() {}

  /**
   * @param subject what is checked, for the message (the row id, as the host names it)
   * @param schema the config schema
   * @param raw the proposed config (a JSON-like tree)
   * @throws ConfigException listing every violation, each with its RFC 6901 pointer
   * @throws IllegalArgumentException when {@code raw} holds a value that is not JSON-like
   */
  public static void check(String subject, JsonNode schema, Map<String, ?> raw) {
    // The schema's JSON text keys the compiled-schema cache, as the config type's text does.
    CompiledSchema compiled = CompiledSchema.forText(schema.toString());
    ObjectNode completed = JsonTrees.toTree(raw);
    compiled.fillDefaults(completed);
    List<ConfigViolation> violations = compiled.violations(completed);
    if (!violations.isEmpty()) {
      throw new ConfigException(subject, violations);
    }
  }
}
