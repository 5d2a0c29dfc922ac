package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * The host's {@link ConfigValidator}: the JSON Schema of the config type (the copy embedded at
 * build time, see {@link ConfigSchemas}), defaults copied in, then everit collecting every violation
 * at once. Compiled schemas are shared by text across instances (see {@link CompiledSchema}).
 *
 * <p>Thread-safe. One instance may serve the whole host.
 */
public final class SchemaConfigValidator implements ConfigValidator {

  /** Creates a validator. */
  public SchemaConfigValidator() {}

  @Override
  public JsonConfig validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw) {
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(raw, "raw");
    ObjectNode tree = JsonTrees.toTree(raw);
    if (configType == null) {
      return new JsonConfig(subject, tree, null, this);
    }
    return new JsonConfig(subject, complete(subject, configType, tree), configType, this);
  }

  /**
   * A copy of {@code config} with the defaults of {@code configType}'s schema filled in.
   *
   * @throws ConfigException listing every violation of that schema
   */
  ObjectNode complete(String subject, Class<?> configType, ObjectNode config) {
    CompiledSchema schema = CompiledSchema.of(configType);
    ObjectNode completed = config.deepCopy();
    schema.fillDefaults(completed);
    List<ConfigViolation> violations = schema.violations(completed);
    if (!violations.isEmpty()) {
      throw new ConfigException(subject, violations);
    }
    return completed;
  }
}
