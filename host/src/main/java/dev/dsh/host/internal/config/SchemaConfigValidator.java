package dev.dsh.host.internal.config;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.json.Json;
import dev.dsh.schema.ConfigSchemaGenerator;
import dev.dsh.schema.EmbeddedSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks a row's config against its type's schema with everit, defaults filled; the schema is the
 * one built into the type's jar ({@link EmbeddedSchema}), generated only for a type without one.
 */
public class SchemaConfigValidator {

  /** The config, defaults filled; a {@link ConfigException} lists each violation at its pointer. */
  public Config validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw) {
    ObjectNode tree = object(raw);
    return configType == null ? new JsonConfig(subject, tree, null) : new JsonConfig(subject,
        Compiled.of(configType).complete(subject, tree), configType);
  }

  /** Checks {@code raw} against {@code schema} as the host checks a row it applies. */
  public static void check(String subject, JsonNode schema, Map<String, ?> raw) {
    new Compiled(schema.toString()).complete(subject, object(raw));
  }

  private static ObjectNode object(Map<String, ?> raw) {
    if (!(JsonMapper.shared().valueToTree(raw) instanceof ObjectNode object)) {
      throw new IllegalArgumentException("a config must be a JSON object");
    }
    return object;
  }

  public static String text(Class<?> configType) {
    String embedded = embedded(configType);
    return embedded != null ? embedded : new ConfigSchemaGenerator().generateText(configType);
  }

  /** The schema of {@code configType} as a fresh tree the caller may change. */
  public static ObjectNode tree(Class<?> configType) {
    return parse(text(configType));
  }

  private static ObjectNode parse(String schemaText) {
    if (!(JsonMapper.shared().readTree(schemaText) instanceof ObjectNode schema)) {
      throw new IllegalArgumentException("a config schema must be a JSON object");
    }
    return schema;
  }

  private static @Nullable String embedded(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    URL url = loader == null ? null : loader.getResource(EmbeddedSchema.resourceName(type));
    if (url == null) {
      return null;
    }
    try {
      URLConnection connection = url.openConnection();
      // A cached jar connection keeps the jar open for the JVM's life: a file per plugin ever loaded.
      connection.setUseCaches(false);
      try (InputStream in = connection.getInputStream()) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the embedded schema of " + type.getName(), e);
    }
  }

  // Built from text only: it holds no config class, so it pins no plugin's class loader.
  static final class Compiled {
    private final SchemaNavigator navigator;
    private final Schema everit;

    Compiled(String text) {
      this.navigator = new SchemaNavigator(parse(text));
      this.everit = SchemaLoader.builder().schemaJson(new JSONObject(text)).draftV7Support()
          .addFormatValidator(CredentialValues.FORMAT, CredentialValues::fieldProblem)
          .build().load().build();
    }

    static Compiled of(Class<?> configType) {
      return new Compiled(text(configType));
    }

    /** A copy of {@code config} with the defaults filled; throws its violations. */
    ObjectNode complete(String subject, ObjectNode config) {
      ObjectNode completed = config.deepCopy();
      fill(completed, "");
      try {
        // By text: an org.json object built from a map drops the keys whose value is null.
        everit.validate(new JSONObject(completed.toString()));
        return completed;
      } catch (ValidationException e) {
        List<ConfigViolation> violations = new ViolationMessages(navigator, completed).translate(e);
        throw new ConfigException(subject, violations);
      }
    }

    // Defaults filled here: Jackson does not apply them, and everit's useDefaults would lose the
    // user's key order.
    private void fill(JsonNode instance, String pointer) {
      if (instance.isArray()) {
        for (int i = 0; i < instance.size(); i++) {
          fill(instance.get(i), pointer + "/" + i);
        }
      } else if (instance instanceof ObjectNode object) {
        navigator.at(pointer).path("properties").properties().forEach(property -> {
          String key = property.getKey();
          String child = SchemaNavigator.child(pointer, key);
          JsonNode declared = property.getValue().get("default");
          JsonNode fallback = declared != null ? declared : navigator.at(child).get("default");
          if (!object.has(key) && fallback != null) {
            object.set(key, fallback.deepCopy());
          }
          if (object.has(key) && object.get(key).isContainer()) {
            fill(object.get(key), child);
          }
        });
      }
    }
  }

  /** A row's config that passed its schema, defaults filled; its toString shows only keys. */
  static final class JsonConfig implements Config {

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

    /** A {@link ConfigException} names the pointer, not Jackson's text (it may quote secrets). */
    @Override
    public <T> T bind(Class<T> type) {
      ObjectNode source = type == validatedType ? tree
          : Compiled.of(type).complete(subject, tree);
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
}
