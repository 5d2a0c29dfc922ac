package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A row's config as a JSON tree that passed its schema, defaults filled. Immutable; {@link
 * #toString()} shows keys, never values.
 */
public final class JsonConfig implements Config {

  private final String subject;
  private final ObjectNode tree;
  private final @Nullable Class<?> validatedType;
  private final Map<String, Object> raw;

  JsonConfig(String subject, ObjectNode tree, @Nullable Class<?> validatedType) {
    this.subject = subject;
    this.tree = tree;
    this.validatedType = validatedType;
    this.raw = JsonTrees.toPlain(tree);
  }

  /**
   * Binds this config to {@code type}, checked against {@code type}'s schema first unless it was
   * validated against exactly that type.
   *
   * @throws ConfigException when it breaks that schema, or a value cannot be bound to its field (a
   *     number past an {@code int}): the field's pointer and what it must hold
   * @throws IllegalArgumentException when no config can build {@code type}; no value is named
   */
  @Override
  public <T> T bind(Class<T> type) {
    ObjectNode source = type == validatedType ? tree
        : SchemaConfigValidator.complete(subject, CompiledSchema.of(type), tree);
    // A mapper per bind: Jackson's type caches would pin each plugin's config class, and so its
    // class loader, after unload (the leak test shows it); plugins bind at apply and update only.
    try {
      return JsonMapper.builder().build().treeToValue(source, type);
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
