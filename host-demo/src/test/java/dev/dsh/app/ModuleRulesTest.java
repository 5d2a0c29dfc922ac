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
 * The module rules of docs/ARCHITECTURE.md ("Modules"), read from the POMs and sources beside this module (the
 * test runs with the host-demo (dsh-app) module folder as its working directory).
 */
class ModuleRulesTest {

  private static final String GROUP = "dev.dsh";

  /** The modules in build order: each may depend only on modules before it. */
  private static final List<String> ORDER =
      List.of("picocli", "plugin-api", "schema", "yuanbao-plugin", "host", "serve", "host-demo",
          "langchain4j", "spring-ai");

  private static final Path ROOT = Path.of("..");

  private static final Pattern HOST_REFERENCE = Pattern.compile("\\bdev\\.dsh\\.host\\b");

  private static final Pattern HOST_INTERNALS = Pattern.compile("\\bdev\\.dsh\\.host\\.internal\\b");

  /**
   * The console's files that still reach into the host's internals until the console moves to
   * its public API; the list must name exactly those, so it empties as they move.
   */

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
    assertThat(mainDependencies(modules.get("host"), byArtifact))
        .containsExactlyInAnyOrder("plugin-api", "schema");
    // the plugin for build order only (a pom, checked below)
    assertThat(mainDependencies(modules.get("host-demo"), byArtifact))
        .containsExactlyInAnyOrder("host", "serve", "picocli", "yuanbao-plugin");
    assertThat(mainDependencies(modules.get("serve"), byArtifact)).containsExactly("host");
    // picocli rebuilt from its own sources: no code of this project in it, nothing it depends on
    assertThat(modules.get("picocli").dependencies()).isEmpty();
    // the host for the web_search tool; the plugin for build order only (a pom)
    assertThat(mainDependencies(modules.get("langchain4j"), byArtifact))
        .containsExactlyInAnyOrder("plugin-api", "host", "yuanbao-plugin");
    // the plugin for build order only (a pom, checked below)
    assertThat(mainDependencies(modules.get("spring-ai"), byArtifact))
        .containsExactlyInAnyOrder("host", "yuanbao-plugin");
  }

  @Test
  void langChain4jReachesTheLangChain4jModuleOnly() throws Exception {
    // Nothing of LangChain4j reaches the host or the plugin.
    for (Module module : modules().values()) {
      List<String> langChain4j =
          module.dependencies().stream()
              .filter(d -> d.groupId().equals("dev.langchain4j"))
              .map(Dependency::artifactId)
              .toList();
      if (module.folder().equals("langchain4j")) {
        // the core for the engine, langchain4j for the tool's ToolExecutor
        assertThat(langChain4j).containsExactly("langchain4j-core", "langchain4j");
      } else {
        assertThat(langChain4j).as("LangChain4j in %s", module.folder()).isEmpty();
      }
    }
  }

  @Test
  void springReachesTheSpringAiModuleOnly() throws Exception {
    // Spring and its BOMs stay in spring-ai, so no other module's versions move.
    for (Module module : modules().values()) {
      List<String> spring =
          module.dependencies().stream()
              .filter(d -> d.groupId().startsWith("org.springframework"))
              .filter(Dependency::onMainClassPath)
              .map(Dependency::coordinates)
              .toList();
      if (module.folder().equals("spring-ai")) {
        assertThat(spring).containsExactlyInAnyOrder("org.springframework.ai:spring-ai-model",
            "org.springframework.boot:spring-boot-autoconfigure",
            "org.springframework.boot:spring-boot-configuration-processor");
      } else {
        assertThat(module.dependencies()).as("Spring in %s", module.folder())
            .noneMatch(d -> d.groupId().startsWith("org.springframework"));
      }
    }
    List<Path> poms = new ArrayList<>(List.of(ROOT.resolve("pom.xml")));
    ORDER.stream().filter(folder -> !folder.equals("spring-ai"))
        .forEach(folder -> poms.add(ROOT.resolve(folder).resolve("pom.xml")));
    for (Path pom : poms) {
      assertThat(Files.readString(pom)).as("%s", pom).doesNotContain("org.springframework");
    }
  }

  @Test
  void theHostReachesThePluginOnlyForBuildOrderNeverOnItsClassPath() throws Exception {
    Map<String, Module> modules = modules();
    String pluginArtifact = modules.get("yuanbao-plugin").artifactId();
    // docs/ARCHITECTURE.md: the host loads the plugin jar through PF4J, never from the class path, so a
    // dependency on it may only order the build (a pom-type dependency).
    for (String folder : List.of("host", "serve", "host-demo", "langchain4j", "spring-ai")) {
      assertThat(modules.get(folder).dependencies())
          .filteredOn(d -> d.groupId().equals(GROUP) && d.artifactId().equals(pluginArtifact))
          .allSatisfy(d -> assertThat(d.type()).as("type of %s's plugin dependency", folder)
              .isEqualTo("pom"));
    }
  }

  @Test
  void theHostLibraryCarriesNoLoggingBackendNoMcpNoReactorNoPicocli() throws Exception {
    // An embedder adding dsh-host gets the host and what it needs, nothing of the app.
    // Reactor comes only with the MCP SDK; HostClassPathTest checks the resolved class path too.
    assertThat(modules().get("host").dependencies())
        .filteredOn(Dependency::onMainClassPath)
        .extracting(Dependency::coordinates)
        .containsExactlyInAnyOrder("dev.dsh:dsh-plugin-api", "dev.dsh:dsh-schema",
            "org.pf4j:pf4j", "tools.jackson.core:jackson-databind",
            "tools.jackson.dataformat:jackson-dataformat-yaml", "org.snakeyaml:snakeyaml-engine",
            "com.github.erosb:everit-json-schema", "org.slf4j:slf4j-api");
  }

  @Test
  void theServeLibraryAddsTheSdkJettyAndMicrometerOnlyAndOnlyItKnowsMicrometer() throws Exception {
    // An embedder serving their own host adds dsh-serve; no logging backend, no picocli.
    Map<String, Module> modules = modules();
    assertThat(modules.get("serve").dependencies())
        .filteredOn(Dependency::onMainClassPath)
        .extracting(Dependency::coordinates)
        .containsExactlyInAnyOrder("dev.dsh:dsh-host",
            "io.modelcontextprotocol.sdk:mcp-core", "io.modelcontextprotocol.sdk:mcp-json-jackson3",
            "org.eclipse.jetty:jetty-server", "org.eclipse.jetty.ee10:jetty-ee10-servlet",
            "io.micrometer:micrometer-core", "io.micrometer:micrometer-registry-prometheus",
            "org.slf4j:slf4j-api");
    for (Module module : modules.values()) {
      if (!module.folder().equals("serve")) {
        assertThat(module.dependencies()).as("%s's dependencies", module.folder())
            .noneMatch(d -> d.groupId().startsWith("io.micrometer"));
      }
    }
  }

  @Test
  void theHostLibraryNeverNamesThePluginItsServiceOrTheDemo() throws IOException {
    Pattern named = Pattern.compile("(?i)yuanbao|\\bsearchpro\\b|tencentcloud|replayserver|dev\\.dsh\\.app");
    try (Stream<Path> files = Files.walk(ROOT.resolve("host/src/main"))) {
      List<String> offenders = new ArrayList<>();
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Files.readAllLines(file).stream().filter(line -> named.matcher(line).find())
            .forEach(line -> offenders.add(ROOT.resolve("host").relativize(file) + ": " + line.strip()));
      }
      assertThat(offenders).isEmpty();
    }
  }

  @Test
  void theHostsPackagesLayerModelAndJsonThenInternalThenToolThenHost() throws IOException {
    Map<String, Set<String>> imports = packageImports(ROOT.resolve("host/src/main/java"));
    Map<String, Integer> layer = new LinkedHashMap<>();
    imports.keySet().forEach(pkg -> layer.put(pkg, layerOf(pkg)));
    for (Map.Entry<String, Set<String>> pkg : imports.entrySet()) {
      for (String imported : pkg.getValue()) {
        assertThat(layerOf(imported))
            .as("%s imports %s, a higher layer", pkg.getKey(), imported)
            .isLessThanOrEqualTo(layer.get(pkg.getKey()));
      }
    }
    assertThat(cycles(imports)).as("package cycles").isEmpty();
  }

  /** model and json 0, internal 1, tool 2, the API root 3. */
  private static int layerOf(String pkg) {
    if (pkg.equals("dev.dsh.host.model") || pkg.equals("dev.dsh.host.json")) {
      return 0;
    }
    if (pkg.startsWith("dev.dsh.host.internal")) {
      return 1;
    }
    return pkg.equals("dev.dsh.host.tool") ? 2 : 3;
  }

  private static final Pattern IMPORT =
      Pattern.compile("^import (?:static )?(dev\\.dsh\\.host(?:\\.[a-z]\\w*)*)\\.[A-Z]", Pattern.MULTILINE);
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  private static Map<String, Set<String>> packageImports(Path sources) throws IOException {
    Map<String, Set<String>> imports = new LinkedHashMap<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String text = Files.readString(file);
        java.util.regex.Matcher pkg = PACKAGE.matcher(text);
        if (!pkg.find()) {
          continue;
        }
        Set<String> used = imports.computeIfAbsent(pkg.group(1), k -> new java.util.TreeSet<>());
        java.util.regex.Matcher m = IMPORT.matcher(text);
        while (m.find()) {
          if (!m.group(1).equals(pkg.group(1))) {
            used.add(m.group(1));
          }
        }
      }
    }
    return imports;
  }

  /** Each package that can reach itself through imports. */
  private static List<String> cycles(Map<String, Set<String>> imports) {
    List<String> cyclic = new ArrayList<>();
    for (String start : imports.keySet()) {
      java.util.Deque<String> todo = new java.util.ArrayDeque<>(imports.get(start));
      Set<String> seen = new java.util.HashSet<>();
      while (!todo.isEmpty()) {
        String next = todo.pop();
        if (next.equals(start)) {
          cyclic.add(start);
          break;
        }
        if (seen.add(next)) {
          todo.addAll(imports.getOrDefault(next, Set.of()));
        }
      }
    }
    return cyclic;
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
  void serveUsesTheHostsPublicApiOnly() throws IOException {
    assertThat(filesReferringTo(ROOT.resolve("serve/src/main"), HOST_INTERNALS))
        .extracting(path -> path.getFileName().toString())
        .as("serve's files naming dev.dsh.host.internal")
        .isEmpty();
  }

  @Test
  void theHostReferenceCheckFindsAnImportAndAQualifiedName(@TempDir Path sources)
      throws IOException {
    Path pkg = Files.createDirectories(sources.resolve("java/dev/dsh/yuanbao"));
    Files.writeString(pkg.resolve("Clean.java"), "package dev.dsh.yuanbao;\nimport dev.dsh.api.Config;\n");
    Files.writeString(pkg.resolve("Imports.java"), "import dev.dsh.host.internal.config.JsonConfig;\n");
    Files.writeString(pkg.resolve("Qualified.java"), "class Q { dev.dsh.host.Thing t; }\n");
    Files.writeString(pkg.resolve("Lookalike.java"), "import dev.dsh.hostile.Thing;\n");
    Files.writeString(pkg.resolve("Public.java"), "import dev.dsh.host.json.ErrorJson;\n");

    assertThat(filesReferringToTheHost(sources))
        .extracting(path -> path.getFileName().toString())
        .containsExactlyInAnyOrder("Imports.java", "Qualified.java", "Public.java");
    assertThat(filesReferringTo(sources, HOST_INTERNALS))
        .extracting(path -> path.getFileName().toString())
        .containsExactly("Imports.java");
  }

  private static List<Path> filesReferringToTheHost(Path sources) throws IOException {
    return filesReferringTo(sources, HOST_REFERENCE);
  }

  private static List<Path> filesReferringTo(Path sources, Pattern reference) throws IOException {
    if (!Files.isDirectory(sources)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(sources)) {
      List<Path> offenders = new ArrayList<>();
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        if (reference.matcher(Files.readString(file)).find()) {
          offenders.add(file);
        }
      }
      return offenders;
    }
  }
}
