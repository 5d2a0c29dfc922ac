package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Says why a config that passed its schema could still not be bound, in the words of a violation:
 * the field's pointer and what it must hold ({@code /limit: expected an integer from -2147483648 to
 * 2147483647}), never Jackson's message (it may quote a secret) or its exception's class name.
 *
 * <p>A schema checks JSON types, not Java's: a number past an {@code int} field's range, a value
 * the config class's constructor refuses. Such a config is the user's to fix, so it is a {@link
 * ConfigException} like any other violation; a config class Jackson cannot build at all is the
 * plugin's bug and stays an {@link IllegalArgumentException}.
 */
final class BindingFailures {

  private BindingFailures() {}

  /** The failure of binding {@code subject}'s config to {@code type} with {@code e}. */
  static RuntimeException of(String subject, Class<?> type, JacksonException e) {
    if (e instanceof InvalidDefinitionException) {
      return new IllegalArgumentException(
          "the config class " + type.getName() + " of " + subject
              + " cannot be built from a config (a bug of the plugin that declares it)");
    }
    return new ConfigException(subject, List.of(new ConfigViolation(pointer(e), what(e))));
  }

  private static String pointer(JacksonException e) {
    String pointer = "";
    for (JacksonException.Reference step : e.getPath()) {
      String name = step.getPropertyName();
      pointer = Pointers.child(pointer, name != null ? name : Integer.toString(step.getIndex()));
    }
    return pointer;
  }

  private static String what(JacksonException e) {
    if (e instanceof ValueInstantiationException && e.getCause() instanceof IllegalArgumentException
        && e.getCause().getMessage() != null) {
      // The config class's own check, written for people by its author.
      return "is refused: " + e.getCause().getMessage();
    }
    Class<?> target = e instanceof InputCoercionException coercion ? coercion.getTargetType()
        : e instanceof MismatchedInputException mismatch ? mismatch.getTargetType()
        : null;
    return target == null ? "cannot be read as the config's type" : "expected " + expected(target);
  }

  /** What a value of {@code type} is, for a person. */
  static String expected(@Nullable Class<?> type) {
    if (type == null) {
      return "another value";
    }
    if (type == int.class || type == Integer.class) {
      return "an integer from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
    }
    if (type == long.class || type == Long.class) {
      return "an integer from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
    }
    if (type == short.class || type == Short.class) {
      return "an integer from " + Short.MIN_VALUE + " to " + Short.MAX_VALUE;
    }
    if (type == byte.class || type == Byte.class) {
      return "an integer from " + Byte.MIN_VALUE + " to " + Byte.MAX_VALUE;
    }
    if (type == double.class || type == Double.class || type == float.class || type == Float.class
        || Number.class.isAssignableFrom(type)) {
      return "a number";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == String.class || type == char.class || type == Character.class) {
      return "a string";
    }
    if (type.isEnum()) {
      return "one of " + Arrays.toString(type.getEnumConstants());
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "an array";
    }
    return type.isPrimitive() ? "another value" : "an object";
  }
}
