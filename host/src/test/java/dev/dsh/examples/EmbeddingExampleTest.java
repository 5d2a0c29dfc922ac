package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.ReadmeExamples;
import dev.dsh.host.testing.RealPluginJar;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example of docs/embedding.md is this package's {@link EmbeddingExample}, and it runs. */
class EmbeddingExampleTest {

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    assertThat(ReadmeExamples.quoted("EmbeddingExample"))
        .isEqualTo(ReadmeExamples.source("EmbeddingExample"));
  }

  @Test
  void theExampleSearchesAndRunsTheToolThroughTheRealPlugin(@TempDir Path home) throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("r1"))) {
      Files.createDirectories(home.resolve("plugins"));
      Files.copy(RealPluginJar.path(), home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar"));
      Path profile = Files.createDirectories(home.resolve("profiles/default"));
      Files.writeString(profile.resolve("profile.yml"), "bundles: [" + RealPluginJar.PLUGIN_ID + "]\n");
      Files.writeString(
          profile.resolve("cordis.patch.yml"),
          "- id: " + RealPluginJar.ROW_ID + "\n  config: {baseURL: \"" + stub.baseUrl()
              + "\", apiKey: \"sk-example\"}\n");
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();

      EmbeddingExample.run(home, new PrintStream(bytes, true, StandardCharsets.UTF_8));

      String out = bytes.toString(StandardCharsets.UTF_8);
      assertThat(out)
          .startsWith("Page r1 <https://example.com/r1>\n")
          .contains("- [Page r1](https://example.com/r1) — About r1")
          .endsWith("Cite the relevant URLs above as markdown links in your answer.\n");
      assertThat(stub.requests()).hasSize(3);
      assertThat(stub.requests().get(0).body()).contains("DeepSeek R1");
    }
  }
}
