package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
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
        ConfigSchemas.Compiled.of(configType).complete(subject, tree), configType);
  }

  /**
   * Checks {@code raw} against {@code schema} (a jar's, or a built-in's) as the host checks the
   * row when it applies it.
   *
   * @throws ConfigException listing every violation
   * @throws IllegalArgumentException when {@code raw} holds a value that is not JSON-like
   */
  public static void check(String subject, JsonNode schema, Map<String, ?> raw) {
    new ConfigSchemas.Compiled(schema.toString()).complete(subject, tree(raw));
  }

  private static ObjectNode tree(Map<String, ?> raw) {
    if (!(JsonMapper.shared().valueToTree(raw) instanceof ObjectNode object)) {
      throw new IllegalArgumentException("a config must be a JSON object");
    }
    return object;
  }
}
