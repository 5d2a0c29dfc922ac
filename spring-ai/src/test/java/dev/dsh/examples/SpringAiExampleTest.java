package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.ReadmeExamples;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.spring.ai.ScriptedChatModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@link SpringAiExample} runs over the real plugin and prints what the model answered after
 * reading the tool's text; a scripted model stands in for the one a model starter brings.
 */
@ExtendWith(OutputCaptureExtension.class)
class SpringAiExampleTest {

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    assertThat(ReadmeExamples.quoted("SpringAiExample"))
        .isEqualTo(ReadmeExamples.source("SpringAiExample"));
  }

  @Test
  void theExamplePrintsTheAnswerMadeFromTheToolsText(@TempDir Path home, CapturedOutput output) {
    ScriptedChatModel model = new ScriptedChatModel("{\"queries\":[\"DeepSeek R1\"]}");
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("r1"))) {
      RealPluginJar.install(home, stub.baseUrl(), "apiKey: \"sk-example\"");
      try (ConfigurableApplicationContext context =
          new SpringApplicationBuilder(SpringAiExample.class)
              .initializers(app -> app.getBeanFactory().registerSingleton("chatModel", model))
              .run("--dsh.home=" + home)) {
        assertThat(stub.bodies()).containsExactly("{\"Query\":\"DeepSeek R1\",\"Cnt\":10}");
      }
    }

    assertThat(output.getOut())
        .contains(
            "The tool said:\n"
                + "Sources:\n"
                + "- [Page r1](https://example.com/r1) — About r1\n"
                + "\n"
                + "Cite the relevant URLs above as markdown links in your answer.\n");
  }
}
