package dev.dsh.host.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's java blocks, for the tests that check each example is quoted whole: the README is
 * the file the build names in {@code dsh.test.readme}, an example the module's {@code
 * src/test/java/dev/dsh/examples/<name>.java}.
 */
public final class ReadmeExamples {

  private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

  private ReadmeExamples() {}

  /** The source of example {@code name} from its first import on, as the README quotes it. */
  public static String source(String name) throws Exception {
    String source = Files.readString(Path.of("src/test/java/dev/dsh/examples/" + name + ".java"));
    return source.substring(source.indexOf("import "));
  }

  /** The README's one java block holding {@code class <name>}. */
  public static String quoted(String name) throws Exception {
    String readme = Files.readString(Path.of(System.getProperty("dsh.test.readme")));
    Matcher block = JAVA_BLOCK.matcher(readme);
    while (block.find()) {
      if (block.group(1).contains("class " + name)) {
        return block.group(1);
      }
    }
    throw new AssertionError("the README has no java block with class " + name);
  }
}
