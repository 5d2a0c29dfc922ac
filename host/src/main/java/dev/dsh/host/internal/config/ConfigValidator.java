package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Checks a row's raw config against its plugin's config type before the runtime applies it. */
public interface ConfigValidator {

  /**
   * The config with {@code configType}'s schema defaults filled; a null type takes it as it is.
   *
   * @throws ConfigException listing every violation, each at its RFC 6901 pointer
   */
  Config validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw);
}
