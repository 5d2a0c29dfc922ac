package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * References inside the runtime go one way. Read from the sources (the test runs in the host
 * module's folder): no two runtime classes name each other, comments and strings aside.
 */
class RuntimeReferencesTest {

  private static final Path RUNTIME = Path.of("src/main/java/dev/dsh/host/internal/runtime");
  private static final Pattern COMMENTS_AND_STRINGS =
      Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"", Pattern.DOTALL);

  @Test
  void noTwoRuntimeClassesReferToEachOther() throws IOException {
    Map<String, Set<String>> refs = references(RUNTIME);

    assertThat(refs).containsKeys("ScopeRuntime", "ScopeNode", "ScopeContext", "RuntimeThread");
    assertThat(twoWay(refs)).isEmpty();
  }

  @Test
  void theCheckFindsAPairThatNamesEachOther(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("A.java"), "class A { B b; /* C */ String s = \"C\"; }");
    Files.writeString(dir.resolve("B.java"), "class B { A a; }");
    Files.writeString(dir.resolve("C.java"), "class C { A a; // B\n }");

    assertThat(twoWay(references(dir))).containsExactly("A <-> B");
  }

  private static Map<String, Set<String>> references(Path folder) throws IOException {
    Map<String, String> code = new TreeMap<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String name = file.getFileName().toString().replace(".java", "");
        if (!name.equals("package-info")) {
          code.put(name, COMMENTS_AND_STRINGS.matcher(Files.readString(file)).replaceAll(" "));
        }
      }
    }
    Map<String, Set<String>> refs = new TreeMap<>();
    code.forEach((name, text) -> {
      Set<String> named = new TreeSet<>();
      for (String other : code.keySet()) {
        if (!other.equals(name) && Pattern.compile("\\b" + other + "\\b").matcher(text).find()) {
          named.add(other);
        }
      }
      refs.put(name, named);
    });
    return refs;
  }

  private static List<String> twoWay(Map<String, Set<String>> refs) {
    List<String> pairs = new ArrayList<>();
    refs.forEach((a, named) -> named.stream()
        .filter(b -> a.compareTo(b) < 0 && refs.get(b).contains(a))
        .forEach(b -> pairs.add(a + " <-> " + b)));
    return pairs;
  }
}
