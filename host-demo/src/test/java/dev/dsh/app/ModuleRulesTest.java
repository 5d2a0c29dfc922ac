package dev.dsh.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The module rules of docs/ARCHITECTURE.md section 1, read from the POMs and sources beside this module (the
 * test runs with the host-demo module folder as its working directory).
 */
class ModuleRulesTest {

  private static final String GROUP = "dev.dsh";

  /** The modules in build order: each may depend only on modules before it. */
  private static final List<String> ORDER =
      List.of("picocli", "plugin-api", "schema", "yuanbao-plugin", "host-demo", "langchain4j");

  private static final Path ROOT = Path.of("..");

  private static final Pattern HOST_REFERENCE = Pattern.compile("\\bdev\\.dsh\\.host\\b");

  record Dependency(String groupId, String artifactId, String scope, String type) {
    boolean onMainClassPath() {
      return !scope.equals("test");
    }

    String coordinates() {
      return groupId + ":" + artifactId;
    }
  }

  record Module(String folder, String artifactId, List<Dependency> dependencies) {
    /** Modules of this project that this one depends on, in any scope, by folder. */
    List<String> internalDependencies(Map<String, String> folderByArtifact) {
      return dependencies.stream()
          .filter(d -> d.groupId().equals(GROUP) && folderByArtifact.containsKey(d.artifactId()))
          .map(d -> folderByArtifact.get(d.artifactId()))
          .toList();
    }
  }

  private static Map<String, Module> modules() throws Exception {
    Map<String, Module> modules = new LinkedHashMap<>();
    for (String folder : ORDER) {
      modules.put(folder, read(folder, ROOT.resolve(folder).resolve("pom.xml")));
    }
    return modules;
  }

  private static Map<String, String> folderByArtifact(Map<String, Module> modules) {
    return modules.values().stream()
        .collect(Collectors.toMap(Module::artifactId, Module::folder));
  }

  private static Module read(String folder, Path pom) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
    Document document = factory.newDocumentBuilder().parse(pom.toFile());
    Element project = document.getDocumentElement();
    List<Dependency> dependencies = new ArrayList<>();
    // Only the project's own <dependencies>: not dependencyManagement, not plugin dependencies.
    Element block = child(project, "dependencies");
    if (block != null) {
      for (Element dependency : children(block, "dependency")) {
        String groupId = text(dependency, "groupId", "");
        dependencies.add(
            new Dependency(
                groupId.equals("${project.groupId}") ? GROUP : groupId,
                text(dependency, "artifactId", ""),
                text(dependency, "scope", "compile"),
                text(dependency, "type", "jar")));
      }
    }
    return new Module(folder, text(project, "artifactId", ""), dependencies);
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> found = new ArrayList<>();
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element element && element.getTagName().equals(name)) {
        found.add(element);
      }
    }
    return found;
  }

  private static String text(Element parent, String name, String otherwise) {
    Element element = child(parent, name);
    return element == null ? otherwise : element.getTextContent().strip();
  }

  @Test
  void theParentBuildsTheModulesInDependencyOrder() throws Exception {
    Document parent =
        DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(ROOT.resolve("pom.xml").toFile());
    List<String> listed =
        children(child(parent.getDocumentElement(), "modules"), "module").stream()
            .map(module -> module.getTextContent().strip())
            .toList();
    assertThat(listed).containsExactlyElementsOf(ORDER);
  }

  @Test
  void pluginApiDependsOnNothingButJSpecifyOutsideTests() throws Exception {
    Module api = modules().get("plugin-api");
    assertThat(api.dependencies())
        .filteredOn(Dependency::onMainClassPath)
        .extracting(Dependency::coordinates)
        .as("plugin-api's dependencies outside test scope")
        .containsExactly("org.jspecify:jspecify");
  }

  @Test
  void everyModuleDependsOnlyOnModulesBuiltBeforeIt() throws Exception {
    Map<String, Module> modules = modules();
    Map<String, String> byArtifact = folderByArtifact(modules);
    for (Module module : modules.values()) {
      int rank = ORDER.indexOf(module.folder());
      assertThat(module.internalDependencies(byArtifact))
          .as("%s may depend only on %s", module.folder(), ORDER.subList(0, rank))
          .allSatisfy(dependency -> assertThat(ORDER.indexOf(dependency)).isLessThan(rank));
    }
  }

  @Test
  void theGraphIsApiThenSchemaThenPluginThenHost() throws Exception {
    Map<String, Module> modules = modules();
    Map<String, String> byArtifact = folderByArtifact(modules);

    assertThat(modules.get("plugin-api").internalDependencies(byArtifact)).isEmpty();
    assertThat(mainDependencies(modules.get("schema"), byArtifact)).containsExactly("plugin-api");
    assertThat(mainDependencies(modules.get("yuanbao-plugin"), byArtifact))
        .containsExactlyInAnyOrder("plugin-api", "schema");
    assertThat(mainDependencies(modules.get("host-demo"), byArtifact))
        .contains("plugin-api", "schema", "picocli")
        .isSubsetOf("picocli", "plugin-api", "schema", "yuanbao-plugin");
    // picocli rebuilt from its own sources: no code of this project in it, nothing it depends on
    assertThat(modules.get("picocli").dependencies()).isEmpty();
    // the host only in test scope; the plugin for build order only (a pom, checked below)
    assertThat(mainDependencies(modules.get("langchain4j"), byArtifact))
        .containsExactlyInAnyOrder("plugin-api", "yuanbao-plugin");
  }

  @Test
  void langChain4jReachesTheLangChain4jModuleOnly() throws Exception {
    // Issue 12: nothing of LangChain4j reaches the host or the plugin.
    for (Module module : modules().values()) {
      List<String> langChain4j =
          module.dependencies().stream()
              .filter(d -> d.groupId().equals("dev.langchain4j"))
              .map(Dependency::artifactId)
              .toList();
      if (module.folder().equals("langchain4j")) {
        assertThat(langChain4j).containsExactly("langchain4j-core");
      } else {
        assertThat(langChain4j).as("LangChain4j in %s", module.folder()).isEmpty();
      }
    }
  }

  @Test
  void theHostReachesThePluginOnlyForBuildOrderNeverOnItsClassPath() throws Exception {
    Map<String, Module> modules = modules();
    String pluginArtifact = modules.get("yuanbao-plugin").artifactId();
    // docs/ARCHITECTURE.md: the host loads the plugin jar through PF4J, never from the class path, so a
    // dependency on it may only order the build (a pom-type dependency).
    for (String folder : List.of("host-demo", "langchain4j")) {
      assertThat(modules.get(folder).dependencies())
          .filteredOn(d -> d.groupId().equals(GROUP) && d.artifactId().equals(pluginArtifact))
          .allSatisfy(d -> assertThat(d.type()).as("type of %s's plugin dependency", folder)
              .isEqualTo("pom"));
    }
  }

  private static Set<String> mainDependencies(Module module, Map<String, String> byArtifact) {
    return module.dependencies().stream()
        .filter(Dependency::onMainClassPath)
        .filter(d -> d.groupId().equals(GROUP) && byArtifact.containsKey(d.artifactId()))
        .map(d -> byArtifact.get(d.artifactId()))
        .collect(Collectors.toSet());
  }

  @Test
  void pluginSourcesDoNotReferToHostInternals() throws IOException {
    assertThat(filesReferringToTheHost(ROOT.resolve("yuanbao-plugin/src/main"))).isEmpty();
  }

  @Test
  void theHostReferenceCheckFindsAnImportAndAQualifiedName(@TempDir Path sources)
      throws IOException {
    Path pkg = Files.createDirectories(sources.resolve("java/dev/dsh/yuanbao"));
    Files.writeString(pkg.resolve("Clean.java"), "package dev.dsh.yuanbao;\nimport dev.dsh.api.Config;\n");
    Files.writeString(pkg.resolve("Imports.java"), "import dev.dsh.host.internal.config.JsonConfig;\n");
    Files.writeString(pkg.resolve("Qualified.java"), "class Q { dev.dsh.host.Thing t; }\n");
    Files.writeString(pkg.resolve("Lookalike.java"), "import dev.dsh.hostile.Thing;\n");

    assertThat(filesReferringToTheHost(sources))
        .extracting(path -> path.getFileName().toString())
        .containsExactlyInAnyOrder("Imports.java", "Qualified.java");
  }

  private static List<Path> filesReferringToTheHost(Path sources) throws IOException {
    if (!Files.isDirectory(sources)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(sources)) {
      List<Path> offenders = new ArrayList<>();
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        if (HOST_REFERENCE.matcher(Files.readString(file)).find()) {
          offenders.add(file);
        }
      }
      return offenders;
    }
  }
}
