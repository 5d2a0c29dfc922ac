package dev.dsh.examples;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The README's java blocks, for the tests that check an example is quoted whole. */
final class ReadmeBlocks {

  private ReadmeBlocks() {}

  /** The source of {@code examples/<name>.java} from its first import on, as the README quotes. */
  static String exampleSource(String name) throws Exception {
    String source = Files.readString(Path.of("src/test/java/dev/dsh/examples/" + name + ".java"));
    return source.substring(source.indexOf("import "));
  }

  /** The README's one java block containing {@code marker}. */
  static String javaBlock(String marker) throws Exception {
    String readme = Files.readString(Path.of(System.getProperty("dsh.test.readme")));
    Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
    while (block.find()) {
      if (block.group(1).contains(marker)) {
        return block.group(1);
      }
    }
    throw new AssertionError("the README has no java block with " + marker);
  }
}
