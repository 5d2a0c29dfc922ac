package dev.dsh.host.internal.config;

import dev.dsh.schema.ConfigSchemaGenerator;
import dev.dsh.schema.EmbeddedSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of a config type, as text: the copy generated at build time into the type's own
 * jar ({@link EmbeddedSchema}: the host's built-ins and plugins built with dsh-schema carry one), read through
 * the type's class loader. Only a type that ships no copy (a test's, or a plugin built without the
 * generator) has its schema generated here, and only then are the generator's classes loaded.
 */
public final class ConfigSchemas {

  // The text is kept in each class's own side table: a String, so the memo never pins the class
  // or its loader, and the identical String instance makes the by-text cache lookups cheap.
  private static final ClassValue<String> TEXTS =
      new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
          String embedded = embedded(type);
          return embedded != null ? embedded : new ConfigSchemaGenerator().generateText(type);
        }
      };

  // Only ever parses schema text, never a plugin's class.
  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private ConfigSchemas() {}

  /** The schema text of {@code configType}. */
  public static String text(Class<?> configType) {
    return TEXTS.get(configType);
  }

  /** The schema of {@code configType} as a fresh tree the caller may change. */
  public static ObjectNode tree(Class<?> configType) {
    return parse(text(configType));
  }

  static ObjectNode parse(String schemaText) {
    if (!(MAPPER.readTree(schemaText) instanceof ObjectNode schema)) {
      throw new IllegalArgumentException("a config schema must be a JSON object");
    }
    return schema;
  }

  private static String embedded(Class<?> type) {
    ClassLoader loader = type.getClassLoader();
    URL url = loader == null ? null : loader.getResource(EmbeddedSchema.resourceName(type));
    if (url == null) {
      return null;
    }
    try {
      URLConnection connection = url.openConnection();
      // Uncached: a cached jar connection keeps the jar open for the life of the JVM, one more
      // open file for every plugin jar ever loaded.
      connection.setUseCaches(false);
      try (InputStream in = connection.getInputStream()) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the embedded schema of " + type.getName(), e);
    }
  }
}
