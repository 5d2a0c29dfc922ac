package dev.dsh.api;

import java.util.Map;

/**
 * A plugin's raw config (a JSON-like tree) with a typed, validated view.
 *
 * <p>{@code toString()} never shows a value: implementations print key names only.
 */
public interface Config {

  /**
   * Validates this config against the JSON Schema generated from {@code type} and binds it.
   *
   * <p>Every violation is reported at once, each with its RFC 6901 pointer. Defaults of the schema
   * are filled before binding.
   *
   * @throws ConfigException when the config does not match the schema of {@code type}
   */
  <T> T bind(Class<T> type);

  /**
   * The config as an unmodifiable JSON-like tree: maps, lists, strings, numbers, booleans, and
   * null values.
   */
  Map<String, Object> raw();
}
