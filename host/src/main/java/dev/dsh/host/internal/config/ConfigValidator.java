package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Checks a row's raw config against the JSON Schema of a plugin's config type, fills the schema's
 * defaults, and hands back the completed config.
 *
 * <p>The seam between the scope runtime (which validates before {@code apply} and before every
 * {@code update}) and the schema machinery.
 */
public interface ConfigValidator {

  /**
   * @param subject what is validated, for messages (a scope or row id)
   * @param configType the plugin's annotated config class; {@code null} accepts any config as is
   * @param raw the raw config tree (maps, lists, strings, numbers, booleans, nulls)
   * @return the validated config with defaults filled; its {@link Config#bind} gives typed views
   * @throws ConfigException listing every violation, each with its RFC 6901 pointer
   */
  Config validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw);
}
