package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's LangChain4j example is {@link LangChain4jExample}, and it runs. */
class LangChain4jExampleTest {

  private static final Path SOURCE = Path.of("src/test/java/dev/dsh/examples/LangChain4jExample.java");

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    String source = Files.readString(SOURCE);

    assertThat(readmeJavaBlock("class LangChain4jExample"))
        .isEqualTo(source.substring(source.indexOf("import ")));
  }

  @Test
  void theExampleRunsOverTheRealPlugin(@TempDir Path home) throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("r1"))) {
      Files.createDirectories(home.resolve("plugins"));
      Files.copy(
          Path.of(System.getProperty("dsh.test.pluginJar")),
          home.resolve("plugins/dsh-web-search-yuanbao.jar"));
      Path profile = Files.createDirectories(home.resolve("profiles/default"));
      Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-web-search-yuanbao]\n");
      Files.writeString(
          profile.resolve("cordis.patch.yml"),
          "- id: web-search-yuanbao\n  config: {baseURL: \""
              + stub.baseUrl()
              + "\", apiKey: \"sk-example\"}\n");

      assertThat(LangChain4jExample.run(home))
          .isEqualTo(
              "Title: Page r1\nSource: https://example.com/r1\nSnippet:\nAbout r1\n\n"
                  + "(1 contents retrieved)");
    }
  }

  private static String readmeJavaBlock(String marker) throws Exception {
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
