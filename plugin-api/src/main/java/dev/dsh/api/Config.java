package dev.dsh.api;

import java.util.Map;

/** A plugin's config with a typed, validated view; {@code toString()} shows key names only. */
public interface Config {

  /**
   * Binds this config to {@code type} after validating it against the JSON Schema generated from
   * {@code type}, its defaults filled.
   *
   * @throws ConfigException with every violation, when the config does not match
   */
  <T> T bind(Class<T> type);

  /** The config as an unmodifiable tree of maps, lists, strings, numbers, booleans and nulls. */
  Map<String, Object> raw();
}
