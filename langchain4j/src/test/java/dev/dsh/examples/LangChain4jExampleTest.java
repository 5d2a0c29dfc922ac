package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.testing.ReadmeExamples;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/langchain4j.md's engine example is {@link LangChain4jExample}, and it prints. */
class LangChain4jExampleTest {

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    assertThat(ReadmeExamples.quoted("LangChain4jExample"))
        .isEqualTo(ReadmeExamples.source("LangChain4jExample"));
  }

  @Test
  void theExamplePrintsWhatItFoundThroughTheRealPlugin(@TempDir Path home) throws Exception {
    try (SearchProStub stub =
        SearchProStub.routing(
            request ->
                StubReply.json(
                    SearchProAnswers.pages(
                        request.body().contains("DeepSeek") ? "deepseek" : "moe", 2)))) {
      ExampleHome.write(home, stub.baseUrl());
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();

      LangChain4jExample.run(home, new PrintStream(bytes, true, StandardCharsets.UTF_8));

      assertThat(bytes.toString(StandardCharsets.UTF_8))
          .isEqualTo(
              "Result 1 about deepseek <https://example.com/deepseek/1>\n"
                  + "Result 2 about deepseek <https://example.com/deepseek/2>\n"
                  + "retrieved: https://example.com/moe/1\n"
                  + "retrieved: https://example.com/moe/2\n");
      assertThat(stub.bodies())
          .containsExactly(
              "{\"Query\":\"DeepSeek R1\",\"Cnt\":10,\"Freshness\":\"y1\"}",
              "{\"Query\":\"mixture of experts\",\"Cnt\":10}");
    }
  }
}
