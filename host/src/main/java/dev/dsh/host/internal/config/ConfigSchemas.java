package dev.dsh.host.internal.config;

import dev.dsh.host.json.Json;
import dev.dsh.schema.ConfigSchemaGenerator;
import dev.dsh.schema.EmbeddedSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of a config type: the copy generated at build time into the type's own jar
 * ({@link EmbeddedSchema}), read through the type's loader; generated here only for a type that
 * ships none (a test's), and only then are the generator's classes loaded.
 */
public final class ConfigSchemas {

  // Each class's text in its own side table: a String, so nothing pins the class or its loader,
  // and the same instance each time makes the by-text cache lookups cheap.
  private static final ClassValue<String> TEXTS = new ClassValue<>() {
    @Override
    protected String computeValue(Class<?> type) {
      String embedded = embedded(type);
      return embedded != null ? embedded : new ConfigSchemaGenerator().generateText(type);
    }
  };

  private ConfigSchemas() {}

  public static String text(Class<?> configType) {
    return TEXTS.get(configType);
  }

  /** The schema of {@code configType} as a fresh tree the caller may change. */
  public static ObjectNode tree(Class<?> configType) {
    return parse(text(configType));
  }

  static ObjectNode parse(String schemaText) {
    if (!(Json.MAPPER.readTree(schemaText) instanceof ObjectNode schema)) {
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
}
