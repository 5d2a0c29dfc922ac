package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.json.Json;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.node.ObjectNode;

/** A row's config that passed its schema, defaults filled; {@link #toString()} shows only keys. */
public final class JsonConfig implements Config {

  private final String subject;
  private final ObjectNode tree;
  private final @Nullable Class<?> validatedType;
  private final Map<String, Object> raw;

  JsonConfig(String subject, ObjectNode tree, @Nullable Class<?> validatedType) {
    this.subject = subject;
    this.tree = tree;
    this.validatedType = validatedType;
    this.raw = ProfileRow.freeze(Json.MAPPER.treeToValue(tree, Map.class));
  }

  /** A {@link ConfigException} gives the pointer, never Jackson's text (it may quote a secret). */
  @Override
  public <T> T bind(Class<T> type) {
    ObjectNode source = type == validatedType ? tree
        : SchemaConfigValidator.Compiled.of(type).complete(subject, tree);
    try {
      return Json.MAPPER.treeToValue(source, type);
    } catch (InvalidDefinitionException e) {
      throw new IllegalArgumentException("the config class " + type.getName() + " of " + subject
          + " cannot be built from a config (a bug of the plugin that declares it)");
    } catch (JacksonException e) {
      String pointer = "";
      for (JacksonException.Reference step : e.getPath()) {
        String name = step.getPropertyName();
        pointer = SchemaNavigator.child(pointer, name != null ? name : "" + step.getIndex());
      }
      Class<?> target = e instanceof InputCoercionException coercion ? coercion.getTargetType()
          : e instanceof MismatchedInputException mismatch ? mismatch.getTargetType() : null;
      String what = e instanceof ValueInstantiationException
              && e.getCause() instanceof IllegalArgumentException refused
              && refused.getMessage() != null
          ? "is refused: " + refused.getMessage() // the class's own check, written for people
          : target == null ? "cannot be read as the config's type" : "expected " + kind(target);
      throw new ConfigException(subject, List.of(new ConfigViolation(pointer, what)));
    } finally {
      // Jackson's caches would pin the plugin's config class, and so its loader, after unload;
      // plugins bind at apply and update only, so the shared mapper's caches refill cheaply.
      Json.MAPPER.clearCaches();
    }
  }

  @Override
  public Map<String, Object> raw() {
    return raw;
  }

  @Override
  public String toString() {
    return "JsonConfig[" + subject + ", keys=" + raw.keySet() + "]";
  }

  private static String kind(Class<?> type) {
    String range = type == int.class || type == Integer.class
        ? Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
        : type == long.class || type == Long.class ? Long.MIN_VALUE + " to " + Long.MAX_VALUE
        : type == short.class || type == Short.class ? Short.MIN_VALUE + " to " + Short.MAX_VALUE
        : type == byte.class || type == Byte.class ? Byte.MIN_VALUE + " to " + Byte.MAX_VALUE
        : null;
    return range != null ? "an integer from " + range
        : Number.class.isAssignableFrom(type) || type == double.class || type == float.class
            ? "a number"
        : type == boolean.class || type == Boolean.class ? "true or false"
        : type == String.class || type == char.class || type == Character.class ? "a string"
        : type.isEnum() ? "one of " + Arrays.toString(type.getEnumConstants())
        : type.isArray() || Collection.class.isAssignableFrom(type) ? "an array"
        : type.isPrimitive() ? "another value" : "an object";
  }
}
