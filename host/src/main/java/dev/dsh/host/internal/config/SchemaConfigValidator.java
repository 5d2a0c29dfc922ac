package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The host's {@link ConfigValidator}: the JSON Schema of the config type ({@link ConfigSchemas}),
 * its defaults copied in, then everit reporting every violation at once. Thread-safe.
 */
public final class SchemaConfigValidator implements ConfigValidator {

  @Override
  public JsonConfig validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw) {
    ObjectNode tree = JsonTrees.toTree(raw);
    return configType == null ? new JsonConfig(subject, tree, null)
        : new JsonConfig(subject, complete(subject, CompiledSchema.of(configType), tree),
            configType);
  }

  /**
   * Checks {@code raw} against {@code schema} (read from a jar, or a built-in's type) before it is
   * saved, with the compiled schema, defaults and messages the host applies the row with.
   *
   * @throws ConfigException listing every violation
   * @throws IllegalArgumentException when {@code raw} holds a value that is not JSON-like
   */
  public static void check(String subject, JsonNode schema, Map<String, ?> raw) {
    complete(subject, CompiledSchema.forText(schema.toString()), JsonTrees.toTree(raw));
  }

  /** A copy of {@code config} with {@code schema}'s defaults filled; throws its violations. */
  static ObjectNode complete(String subject, CompiledSchema schema, ObjectNode config) {
    ObjectNode completed = config.deepCopy();
    schema.fillDefaults(completed);
    List<ConfigViolation> violations = schema.violations(completed);
    if (!violations.isEmpty()) {
      throw new ConfigException(subject, violations);
    }
    return completed;
  }
}
