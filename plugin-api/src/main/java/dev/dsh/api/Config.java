package dev.dsh.api;

import java.util.Map;

/** A plugin's config with a typed, validated view; {@code toString()} shows key names only. */
public interface Config {

  /** This config validated against {@code type}'s schema; throws {@link ConfigException}. */
  <T> T bind(Class<T> type);

  /** The config as an unmodifiable tree of maps, lists, strings, numbers, booleans and nulls. */
  Map<String, Object> raw();
}
