package dev.dsh.schema;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.node.ObjectNode;

/**
 * Build-time entry point: {@code <config-class> <schema.json> <catalog.md>} writes a class's schema
 * (also as its {@link EmbeddedSchema} copy beside it) and catalog; {@code --embed <classes-dir>
 * <config-class>...} writes only the embedded copies. Classes come from the context class loader
 * (exec-maven-plugin's {@code java} goal); failures throw rather than end Maven's JVM.
 */
public final class GenerateConfigSchema {

  private static final String EMBED = "--embed";

  private GenerateConfigSchema() {}

  /** Writes the files {@code args} name; IAE on wrong usage or a class that cannot be loaded. */
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
