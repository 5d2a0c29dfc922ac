package dev.dsh.host.internal.config;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Why a config that passed its schema could not be bound, as a violation: the field's pointer and
 * what it must hold ({@code /limit: expected an integer from -2147483648 to 2147483647}), never
 * Jackson's message (it may quote a secret) or an exception's class. A schema checks JSON types,
 * not Java's (a number past an {@code int}, a value the class's constructor refuses): the user's
 * to fix, so a {@link ConfigException}; a class Jackson cannot build at all is the plugin's bug.
 */
final class BindingFailures {

  private BindingFailures() {}

  static RuntimeException of(String subject, Class<?> type, JacksonException e) {
    if (e instanceof InvalidDefinitionException) {
      return new IllegalArgumentException("the config class " + type.getName() + " of " + subject
          + " cannot be built from a config (a bug of the plugin that declares it)");
    }
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
        : target == null ? "cannot be read as the config's type" : "expected " + expected(target);
    return new ConfigException(subject, List.of(new ConfigViolation(pointer, what)));
  }

  private static String expected(Class<?> type) {
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
