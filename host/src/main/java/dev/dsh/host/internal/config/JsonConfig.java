package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A row's config as a JSON tree that has passed its schema (when it has one), with its defaults
 * filled. Obtained from {@link SchemaConfigValidator#validate}. Immutable and thread-safe.
 *
 * <p>{@link #toString()} shows key names only, never a value.
 */
public final class JsonConfig implements Config {

  private final String subject;
  private final ObjectNode tree;
  private final @Nullable Class<?> validatedType;
  private final SchemaConfigValidator validator;
  private final Map<String, Object> raw;

  JsonConfig(
      String subject,
      ObjectNode tree,
      @Nullable Class<?> validatedType,
      SchemaConfigValidator validator) {
    this.subject = subject;
    this.tree = tree;
    this.validatedType = validatedType;
    this.validator = validator;
    @SuppressWarnings("unchecked")
    Map<String, Object> plain = (Map<String, Object>) Objects.requireNonNull(JsonTrees.toPlain(tree));
    this.raw = plain;
  }

  /**
   * Binds this config to {@code type}, first checking it against {@code type}'s schema (and filling
   * that schema's defaults) unless it was already validated against exactly that type.
   *
   * @throws ConfigException when the config breaks the schema of {@code type}, or a value cannot be
   *     bound to its field (a number past an {@code int}'s range): the field's pointer and what it
   *     must hold, never Jackson's text
   * @throws IllegalArgumentException when the type cannot be built from any config (a config class
   *     Jackson cannot construct); the message names no value
   */
  @Override
  public <T> T bind(Class<T> type) {
    Objects.requireNonNull(type, "type");
    ObjectNode source = type == validatedType ? tree : validator.complete(subject, type, tree);
    // A fresh mapper per bind: Jackson's type caches keep every class they have seen, and a shared
    // mapper would pin each plugin's config class and so its class loader after unload (the leak
    // test shows it). Plugins bind at apply and update, not per request, so building one is cheap
    // enough; a per-scope mapper would need the scope to own it, which a Config cannot see.
    JsonMapper mapper = JsonMapper.builder().build();
    try {
      return mapper.treeToValue(source, type);
    } catch (JacksonException e) {
      throw BindingFailures.of(subject, type, e);
    }
  }

  @Override
  public Map<String, Object> raw() {
    return raw;
  }

  /** The keys present, defaults included, in order. */
  public List<String> keys() {
    return List.copyOf(raw.keySet());
  }

  @Override
  public String toString() {
    return "JsonConfig[" + subject + ", keys=" + keys() + "]";
  }
}
