package dev.dsh.host.internal.plugins;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds small real plugin jars at test time: sources compiled with the system Java compiler
 * against plugin-api and PF4J, the PF4J annotation processor writing {@code
 * META-INF/extensions.idx}, then jarred with a plugin manifest.
 */
public final class TestPluginJars {

  private final Path workDir;
  private final Map<String, String> manifest = new LinkedHashMap<>();
  private final Map<String, String> sources = new LinkedHashMap<>();
  private final Map<String, String> resources = new LinkedHashMap<>();

  private boolean processor = true;

  private TestPluginJars(Path workDir) {
    this.workDir = workDir;
  }

  /** A plugin {@code id} whose entry's {@code name()} returns {@code word}. */
  public static TestPluginJars plugin(Path workDir, String id, String word) {
    String pkg = "test." + id.replaceAll("[^A-Za-z0-9]", "");
    return new TestPluginJars(workDir)
        .manifest("Plugin-Id", id)
        .manifest("Plugin-Version", "1.0.0")
        .manifest("Plugin-Requires", ">=0.1.0")
        .source(
            pkg + ".Entry",
            "package " + pkg + ";\n"
                + "@org.pf4j.Extension\n"
                + "public class Entry implements dev.dsh.api.Plugin, org.pf4j.ExtensionPoint {\n"
                + "  public String name() { return Helper.word(); }\n"
                + "  public void apply(dev.dsh.api.Context ctx, dev.dsh.api.Config config) {}\n"
                + "}\n")
        .source(
            pkg + ".Helper",
            "package " + pkg + ";\n"
                + "class Helper { static String word() { return \"" + word + "\"; } }\n");
  }

  /** An empty builder: no manifest attributes, no sources. */
  public static TestPluginJars bare(Path workDir) {
    return new TestPluginJars(workDir);
  }

  public TestPluginJars manifest(String name, String value) {
    manifest.put(name, value);
    return this;
  }

  public TestPluginJars withoutManifest(String name) {
    manifest.remove(name);
    return this;
  }

  /** Compiles without the PF4J annotation processor, as an ordinary library would be. */
  public TestPluginJars withoutAnnotationProcessor() {
    processor = false;
    return this;
  }

  public TestPluginJars source(String className, String text) {
    sources.put(className, text);
    return this;
  }

  public TestPluginJars resource(String path, String text) {
    resources.put(path, text);
    return this;
  }

  /** Compiles and jars into {@code target}. */
  public Path buildTo(Path target) throws IOException {
    Path build = Files.createTempDirectory(workDir, "build-");
    Path src = Files.createDirectories(build.resolve("src"));
    Path classes = Files.createDirectories(build.resolve("classes"));
    List<String> files = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = src.resolve(source.getKey().replace('.', '/') + ".java");
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue());
      files.add(file.toString());
    }
    if (!files.isEmpty()) {
      compile(files, classes);
    }
    for (Map.Entry<String, String> resource : resources.entrySet()) {
      Path file = classes.resolve(resource.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, resource.getValue());
    }
    Files.createDirectories(target.toAbsolutePath().getParent());
    jar(classes, target);
    return target;
  }

  private void compile(List<String> files, Path classes) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    String pf4j = location(org.pf4j.Extension.class);
    String classPath =
        String.join(
            java.io.File.pathSeparator,
            location(dev.dsh.api.Plugin.class),
            pf4j,
            location(org.jspecify.annotations.NullMarked.class),
            location(org.slf4j.Logger.class));
    List<String> args =
        new ArrayList<>(List.of("--release", "17", "-classpath", classPath, "-d", classes.toString()));
    if (processor) {
      args.addAll(
          List.of(
              "-processorpath", classPath,
              "-processor", "org.pf4j.processor.ExtensionAnnotationProcessor"));
    } else {
      args.add("-proc:none");
    }
    args.addAll(files);
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int rc = javac.run(null, OutputStream.nullOutputStream(), errors, args.toArray(String[]::new));
    if (rc != 0) {
      throw new IllegalStateException(
          "test plugin did not compile:\n" + errors.toString(StandardCharsets.UTF_8));
    }
  }

  private void jar(Path classes, Path target) throws IOException {
    Manifest mf = new Manifest();
    mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.forEach((name, value) -> mf.getMainAttributes().putValue(name, value));
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(target), mf);
        Stream<Path> walk = Files.walk(classes)) {
      for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, out);
        out.closeEntry();
      }
    }
  }

  private static String location(Class<?> type) {
    try {
      return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
