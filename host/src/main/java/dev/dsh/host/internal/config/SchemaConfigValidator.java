package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The host's {@link ConfigValidator}: the type's schema, its defaults filled, then everit. */
public final class SchemaConfigValidator implements ConfigValidator {

  @Override
  public JsonConfig validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw) {
    ObjectNode tree = tree(raw);
    return configType == null ? new JsonConfig(subject, tree, null) : new JsonConfig(subject,
        complete(subject, ConfigSchemas.Compiled.of(configType), tree), configType);
  }

  /**
   * Checks {@code raw} against {@code schema} (a jar's, or a built-in's) as the host checks the
   * row when it applies it: the same compiled schema, defaults and messages.
   *
   * @throws ConfigException listing every violation
   * @throws IllegalArgumentException when {@code raw} holds a value that is not JSON-like
   */
  public static void check(String subject, JsonNode schema, Map<String, ?> raw) {
    complete(subject, ConfigSchemas.Compiled.forText(schema.toString()), tree(raw));
  }

  /** A copy of {@code config} with {@code schema}'s defaults filled; throws its violations. */
  static ObjectNode complete(String subject, ConfigSchemas.Compiled schema, ObjectNode config) {
    ObjectNode completed = config.deepCopy();
    schema.fillDefaults(completed);
    List<ConfigViolation> violations = schema.violations(completed);
    if (!violations.isEmpty()) {
      throw new ConfigException(subject, violations);
    }
    return completed;
  }

  private static ObjectNode tree(Map<String, ?> raw) {
    if (!(JsonMapper.shared().valueToTree(raw) instanceof ObjectNode object)) {
      throw new IllegalArgumentException("a config must be a JSON object");
    }
    return object;
  }
}
