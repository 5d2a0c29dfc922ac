package dev.dsh.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.node.ObjectNode;

/**
 * Build-time entry point: writes the schema and the catalog of a config class.
 *
 * <p>Usage: {@code GenerateConfigSchema <config-class-fqcn> <schema-out.json> <catalog-out.md>}.
 * The class is loaded from the thread context class loader, which is how exec-maven-plugin's {@code
 * java} goal exposes the calling module's compiled classes. Missing folders are created. Failures
 * are thrown rather than ending the JVM, because under {@code exec:java} the JVM is Maven's own.
 */
public final class GenerateConfigSchema {

  private GenerateConfigSchema() {}

  /**
   * @param args the config class's fully qualified name, the schema output file, the catalog
   *     output file
   * @throws IllegalArgumentException on wrong usage or a class that cannot be loaded
   * @throws IOException when a file cannot be written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      throw new IllegalArgumentException(
          "usage: GenerateConfigSchema <config-class-fqcn> <schema-out.json> <catalog-out.md>"
              + " (got "
              + args.length
              + " arguments)");
    }
    Class<?> configType = load(args[0]);
    ObjectNode schema = new ConfigSchemaGenerator().generate(configType);
    write(Path.of(args[1]), ConfigSchemaGenerator.render(schema));
    write(Path.of(args[2]), ConfigCatalog.render(configType, schema));
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
