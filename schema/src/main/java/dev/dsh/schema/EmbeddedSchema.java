package dev.dsh.schema;

/**
 * Where a config class's schema, generated at build time, travels in its own jar: {@code
 * META-INF/dsh/schemas/<class name>.schema.json}. Loads none of the generator's classes.
 */
public final class EmbeddedSchema {

  /** The folder inside a jar (or class folder) that holds the embedded copies. */
  public static final String FOLDER = "META-INF/dsh/schemas/";

  private EmbeddedSchema() {}

  /** The resource name of the copy for the class named {@code className}. */
  public static String resourceName(String className) {
    return FOLDER + className + ".schema.json";
  }

  /** The resource name of the copy for {@code configType}. */
  public static String resourceName(Class<?> configType) {
    return resourceName(configType.getName());
  }
}
