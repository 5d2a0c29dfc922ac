package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.agent.tool.ToolSpecifications;
import dev.langchain4j.service.AiServices;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * LangChain4j's own web search tool offers the model {@code arg0} and warns about it at
 * start-up; dsh's tool offers {@code queries}, {@code site} and {@code freshness}, and nothing is
 * logged (slf4j-simple writes LangChain4j's warnings to {@code System.err}).
 */
class NoParameterNameWarningTest {

  /** The AI service of the test. */
  public interface Assistant {
    String chat(String question);
  }

  @Test
  void theToolOffersNamedParametersAndNothingIsLogged() {
    WebSearchTool hostTool =
        new WebSearchTool(
            new FakeWebService(
                request -> WebSearchResult.of(
                    List.of(new WebSearchSource("https://example.com/a", "A", "About A", null)))));
    ScriptedChatModel model = ScriptedChatModel.callingWebSearch("{\"queries\": [\"a\"]}");
    PrintStream err = System.err;
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    String answer;
    try {
      System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
      LoggerFactory.getLogger(NoParameterNameWarningTest.class).warn("canary");
      answer =
          AiServices.builder(Assistant.class)
              .chatModel(model)
              .tools(DshWebSearchTool.of(hostTool).asMap())
              .build()
              .chat("Search a");
    } finally {
      System.setErr(err);
    }

    assertThat(answer).isEqualTo("The tool said: Sources:");
    ToolSpecification offered = model.requests().get(0).toolSpecifications().get(0);
    assertThat(offered.parameters().properties()).containsOnlyKeys("queries", "site", "freshness");
    // The canary shows the capture sees warnings; it is the only line.
    assertThat(logged.toString(StandardCharsets.UTF_8).lines().toList())
        .singleElement()
        .satisfies(line -> assertThat(line).contains("WARN").endsWith("canary"));
  }

  @Test
  void langChain4jsOwnWebSearchToolOffersArg0() {
    // LangChain4j's own tool as a model sees it, so the test above checks a difference that exists.
    ToolSpecification own =
        ToolSpecifications.toolSpecificationsFrom(
                dev.langchain4j.web.search.WebSearchTool.class)
            .get(0);

    assertThat(own.parameters().properties()).containsOnlyKeys("arg0");
  }
}
