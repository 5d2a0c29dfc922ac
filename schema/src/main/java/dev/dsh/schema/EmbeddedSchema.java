package dev.dsh.schema;

/**
 * Where a config class's generated schema travels inside its own jar: {@code
 * META-INF/dsh/schemas/<fully qualified class name>.schema.json}, written at build time by {@link
 * GenerateConfigSchema}. A host reads that copy by the class's name through the class's own loader
 * instead of generating the schema again at run time.
 *
 * <p>Holds no generator state: using it loads none of the generator's classes.
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
