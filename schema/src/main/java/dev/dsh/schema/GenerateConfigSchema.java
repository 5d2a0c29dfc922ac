package dev.dsh.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.node.ObjectNode;

/**
 * Build-time entry point, in two forms:
 *
 * <ul>
 *   <li>{@code GenerateConfigSchema <config-class-fqcn> <schema-out.json> <catalog-out.md>} writes
 *       the schema and the catalog of a config class, and the same schema bytes once more beside
 *       the schema file as {@code schemas/<fqcn>.schema.json}: with the schema file at {@code
 *       META-INF/dsh/config.schema.json} that is the class's {@link EmbeddedSchema} copy, which a
 *       host finds by the class's name (a plugin jar carries both).
 *   <li>{@code GenerateConfigSchema --embed <classes-dir> <config-class-fqcn>...} writes only the
 *       {@link EmbeddedSchema} copy of each class under {@code classes-dir}: how a module whose
 *       config classes ship in its own jar (the host's built-ins) avoids generating at run time.
 * </ul>
 *
 * <p>Classes are loaded from the thread context class loader, which is how exec-maven-plugin's
 * {@code java} goal exposes the calling module's compiled classes. Missing folders are created.
 * Failures are thrown rather than ending the JVM, because under {@code exec:java} the JVM is Maven's
 * own.
 */
public final class GenerateConfigSchema {

  private static final String EMBED = "--embed";

  private GenerateConfigSchema() {}

  /**
   * @param args the config class's fully qualified name, the schema output file, the catalog
   *     output file; or {@code --embed}, the class folder, and one or more class names
   * @throws IllegalArgumentException on wrong usage or a class that cannot be loaded
   * @throws IOException when a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length >= 1 && args[0].equals(EMBED)) {
      embed(args);
      return;
    }
    if (args.length != 3) {
      throw new IllegalArgumentException(
          "usage: GenerateConfigSchema <config-class-fqcn> <schema-out.json> <catalog-out.md>"
              + " | "
              + EMBED
              + " <classes-dir> <config-class-fqcn>... (got "
              + args.length
              + " arguments)");
    }
    Class<?> configType = load(args[0]);
    ObjectNode schema = new ConfigSchemaGenerator().generate(configType);
    String text = ConfigSchemaGenerator.render(schema);
    Path schemaFile = Path.of(args[1]).toAbsolutePath();
    write(schemaFile, text);
    write(schemaFile.resolveSibling("schemas").resolve(configType.getName() + ".schema.json"), text);
    write(Path.of(args[2]), ConfigCatalog.render(configType, schema));
  }

  private static void embed(String[] args) throws IOException {
    if (args.length < 3) {
      throw new IllegalArgumentException(
          "usage: GenerateConfigSchema "
              + EMBED
              + " <classes-dir> <config-class-fqcn>... (got "
              + (args.length - 1)
              + " arguments after "
              + EMBED
              + ")");
    }
    Path classes = Path.of(args[1]);
    ConfigSchemaGenerator generator = new ConfigSchemaGenerator();
    for (int i = 2; i < args.length; i++) {
      write(
          classes.resolve(EmbeddedSchema.resourceName(args[i])),
          generator.generateText(load(args[i])));
    }
  }

  private static Class<?> load(String name) {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader == null) {
      loader = GenerateConfigSchema.class.getClassLoader();
    }
    try {
      return Class.forName(name, false, loader);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(
          "config class " + name + " is not on the context class path", e);
    }
  }

  private static void write(Path file, String text) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }
}
