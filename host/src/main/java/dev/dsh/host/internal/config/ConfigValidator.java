package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Checks a row's raw config against its plugin's config type before the runtime applies it. */
public interface ConfigValidator {

  /**
   * @param subject what is validated, for messages (a scope or row id)
   * @param configType the plugin's config class; {@code null} takes any config as it is
   * @return the config with the schema's defaults filled
   * @throws ConfigException listing every violation, each at its RFC 6901 pointer
   */
  Config validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw);
}
