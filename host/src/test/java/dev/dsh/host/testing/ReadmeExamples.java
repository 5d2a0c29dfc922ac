package dev.dsh.host.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The java blocks of the README and the manual in {@code docs/}, for the tests that check each
 * example is quoted whole: the README is the file the build names in {@code dsh.test.readme}, the
 * manual the {@code docs/} folder beside it, an example the module's {@code
 * src/test/java/dev/dsh/examples/<name>.java}.
 */
public final class ReadmeExamples {

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  private ReadmeExamples() {}

  /** The source of example {@code name} from its first import on, as the docs quote it. */
  public static String source(String name) throws Exception {
    String source = Files.readString(Path.of("src/test/java/dev/dsh/examples/" + name + ".java"));
    return source.substring(source.indexOf("import "));
  }

  /** The one java block of the README or docs/ holding {@code class <name>}. */
  public static String quoted(String name) throws Exception {
    for (Path page : pages()) {
      Matcher block = JAVA_BLOCK.matcher(Files.readString(page));
      while (block.find()) {
        if (block.group(1).contains("class " + name)) {
          return block.group(1);
        }
      }
    }
    throw new AssertionError("neither the README nor docs/ has a java block with class " + name);
  }

  /** The README, then the manual's pages in name order. */
  private static List<Path> pages() throws IOException {
    Path readme = Path.of(System.getProperty("dsh.test.readme"));
    List<Path> pages = new ArrayList<>(List.of(readme));
    try (Stream<Path> docs = Files.list(readme.resolveSibling("docs"))) {
      docs.filter(page -> page.toString().endsWith(".md")).sorted().forEach(pages::add);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return pages;
  }
}
