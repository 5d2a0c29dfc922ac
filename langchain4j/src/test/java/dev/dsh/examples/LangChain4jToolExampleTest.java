package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.testing.ReadmeExamples;
import dev.dsh.langchain4j.ScriptedChatModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/langchain4j.md's tool example is {@link LangChain4jToolExample}, and it prints the
 * model's call and the text it got, with a scripted model in place of a provider's.
 */
class LangChain4jToolExampleTest {

  private static final String ARGUMENTS =
      "{\"queries\": [\"DeepSeek R1\", \"mixture of experts\"], \"freshness\": \"year\"}";

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    assertThat(ReadmeExamples.quoted("LangChain4jToolExample"))
        .isEqualTo(ReadmeExamples.source("LangChain4jToolExample"));
  }

  @Test
  void theExamplePrintsTheCallAndTheTextTheModelGot(@TempDir Path home) throws Exception {
    try (SearchProStub stub =
        SearchProStub.routing(
            request ->
                StubReply.json(
                    SearchProAnswers.pages(
                        request.body().contains("DeepSeek") ? "deepseek" : "moe", 1)))) {
      ExampleHome.write(home, stub.baseUrl());
      ScriptedChatModel model = ScriptedChatModel.callingWebSearch(ARGUMENTS);
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();

      LangChain4jToolExample.run(
          home, model, new PrintStream(bytes, true, StandardCharsets.UTF_8));

      String text = ScriptedChatModel.toolResult(model.requests().get(1)).text();
      assertThat(bytes.toString(StandardCharsets.UTF_8))
          .isEqualTo(
              "web_search " + ARGUMENTS + "\n" + text + "\n"
                  + "The tool said: " + text.lines().findFirst().orElseThrow() + "\n");
      assertThat(text)
          .contains("[Result 1 about deepseek](https://example.com/deepseek/1)")
          .contains("[Result 1 about moe](https://example.com/moe/1)");
      assertThat(stub.bodies())
          .containsExactlyInAnyOrder(
              "{\"Query\":\"DeepSeek R1\",\"Cnt\":10,\"Freshness\":\"y1\"}",
              "{\"Query\":\"mixture of experts\",\"Cnt\":10,\"Freshness\":\"y1\"}");
    }
  }
}
